import type { BytemdPlugin } from 'bytemd';
import gfm from '@bytemd/plugin-gfm';
import math from '@bytemd/plugin-math';
import mediumZoom from '@bytemd/plugin-medium-zoom';
import mermaid from '@bytemd/plugin-mermaid';
import { displayMath } from './display-math';
import { highlightCodeBlocks } from './highlight-code';
import { scrollRegions } from './scroll-regions';
import { taskListLabels } from './task-list-labels';
import type { ThemeName } from './theme';

/**
 * `@bytemd/plugin-math` renders each formula from the element's text after an async import; when
 * the viewer effect runs twice before KaTeX arrives, the second pass renders the first pass's
 * output again ("E=mc2E=mc2"). Same remark side, but each element is claimed once, and KaTeX's stylesheet
 * loads with KaTeX.
 */
function mathOnce(): BytemdPlugin {
  const base = math();
  return {
    ...base,
    viewerEffect({ markdownBody }) {
      const pending = Array.from(markdownBody.querySelectorAll<HTMLElement>('.math.math-inline, .math.math-display')).filter((el) => !el.dataset.rendered);
      if (pending.length === 0) return;
      for (const el of pending) el.dataset.rendered = 'katex';
      // KaTeX's stylesheet (its fonts) comes with it: a page without math does not wait for it.
      void Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([{ default: katex }]) => {
        for (const el of pending) katex.render(el.textContent ?? '', el, { throwOnError: false, displayMode: el.classList.contains('math-display') });
      });
    },
  };
}

/**
 * Code blocks highlighted with the grammars they name, each loaded when first used, once the page's text
 * is on the screen: colouring them before would hold its first frame back (the export renderer awaits its own call).
 */
function highlight(): BytemdPlugin {
  return {
    viewerEffect({ markdownBody }) {
      requestAnimationFrame(() => setTimeout(() => void highlightCodeBlocks(markdownBody)));
    },
  };
}

let diagrams = 0;

/**
 * Mermaid diagrams drawn in the app's theme (its default theme draws dark lines, invisible on the
 * dark background), mermaid loading only for a page that has one. The editor keeps the plugin's
 * toolbar menu of diagram templates.
 */
function themedMermaid(theme: ThemeName): BytemdPlugin {
  const base = mermaid();
  return {
    ...base,
    viewerEffect({ markdownBody }) {
      const blocks = Array.from(markdownBody.querySelectorAll<HTMLElement>('pre > code.language-mermaid'));
      if (blocks.length === 0) return;
      const drawn = blocks.map((code) => {
        const container = document.createElement('div');
        container.className = 'bytemd-mermaid';
        container.dataset.theme = theme;
        container.style.lineHeight = 'initial';
        const source = code.textContent ?? '';
        code.parentElement?.replaceWith(container);
        return { container, source };
      });
      void import('mermaid').then(async ({ default: m }) => {
        // Mermaid's settings are global: each render states the theme of the screen it draws on.
        m.initialize({ startOnLoad: false, securityLevel: 'strict', theme: theme === 'dark' ? 'dark' : 'default' });
        for (const { container, source } of drawn) {
          diagrams += 1;
          try {
            const { svg } = await m.render(`quire-mermaid-${diagrams}`, source);
            container.innerHTML = svg;
          } catch {
            // An invalid diagram stays as its source text, as the editor shows it.
            container.textContent = source;
          }
        }
      });
    },
  };
}

/**
 * The plugins of the reader and the editor's preview alike: GFM tables and task lists, code
 * highlighting, math (`$$…$$` alone on a line displayed), Mermaid, image zoom. highlight.js grammars, KaTeX and Mermaid load on
 * demand, when a page uses them. Tables and code blocks (those left once Mermaid has taken its own) scroll by keyboard too.
 */
export function markdownPlugins(theme: ThemeName): BytemdPlugin[] {
  return [gfm(), taskListLabels(), highlight(), mathOnce(), displayMath(), themedMermaid(theme), scrollRegions(), mediumZoom()];
}
