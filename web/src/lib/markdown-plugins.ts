import type { BytemdPlugin } from 'bytemd';
import gfm from '@bytemd/plugin-gfm';
import highlight from '@bytemd/plugin-highlight';
import math from '@bytemd/plugin-math';
import mediumZoom from '@bytemd/plugin-medium-zoom';
import mermaid from '@bytemd/plugin-mermaid';

/**
 * `@bytemd/plugin-math` renders each formula from the element's text after an async import; when
 * the viewer effect runs twice before KaTeX arrives, the second pass renders the first pass's
 * output again ("E=mc2E=mc2"). Same remark side, but each element is claimed once.
 */
function mathOnce(): BytemdPlugin {
  const base = math();
  return {
    ...base,
    viewerEffect({ markdownBody }) {
      const pending = Array.from(markdownBody.querySelectorAll<HTMLElement>('.math.math-inline, .math.math-display')).filter((el) => !el.dataset.rendered);
      if (pending.length === 0) return;
      for (const el of pending) el.dataset.rendered = 'katex';
      void import('katex').then(({ default: katex }) => {
        for (const el of pending) katex.render(el.textContent ?? '', el, { throwOnError: false, displayMode: el.classList.contains('math-display') });
      });
    },
  };
}

/**
 * The plugins of both the viewer and (part 2) the editor: GFM tables, code highlighting, math,
 * mermaid, image zoom. highlight.js, KaTeX and mermaid load on demand, when a page uses them.
 */
export const markdownPlugins: BytemdPlugin[] = [gfm(), highlight(), mathOnce(), mermaid(), mediumZoom()];
