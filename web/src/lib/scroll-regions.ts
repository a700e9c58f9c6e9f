import type { BytemdPlugin } from 'bytemd';
import i18n from './i18n';

/** The class of the element each rendered table scrolls in (styled by the Markdown stylesheet). */
export const TABLE_SCROLL_CLASS = 'markdown-table-scroll';

/** Makes `element` a named region the keyboard can reach, so its arrow keys scroll what does not fit. */
function scrollRegion(element: HTMLElement, name: string): void {
  element.tabIndex = 0;
  element.setAttribute('role', 'region');
  element.setAttribute('aria-label', name);
}

/**
 * Wide tables and long code lines scroll sideways, which a mouse or a finger can do but a keyboard only
 * when the scrolling element can take the focus (WCAG 2.1.1, axe `scrollable-region-focusable`). Each
 * table is wrapped in an element that scrolls the whole table (its rows keep their width instead of
 * being squeezed into the page's); that element and each code block are focusable regions named
 * "Table 1", "Code block 1", … in the order of the page.
 */
export function scrollRegions(): BytemdPlugin {
  return {
    viewerEffect({ markdownBody }) {
      markdownBody.querySelectorAll<HTMLTableElement>('table').forEach((table, index) => {
        let frame = table.parentElement;
        if (!frame?.classList.contains(TABLE_SCROLL_CLASS)) {
          frame = document.createElement('div');
          frame.className = TABLE_SCROLL_CLASS;
          table.replaceWith(frame);
          frame.append(table);
        }
        scrollRegion(frame, i18n.t('Table {{number}}', { number: index + 1 }));
      });
      markdownBody.querySelectorAll<HTMLPreElement>('pre').forEach((block, index) => {
        scrollRegion(block, i18n.t('Code block {{number}}', { number: index + 1 }));
      });
    },
  };
}
