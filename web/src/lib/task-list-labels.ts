import type { BytemdPlugin } from 'bytemd';

/**
 * GFM task lists render read-only checkboxes without a name: each is named by its item's text, so a
 * screen reader says what is done ("Write the docs, checked") instead of an anonymous checkbox.
 */
export function taskListLabels(): BytemdPlugin {
  return {
    viewerEffect({ markdownBody }) {
      for (const box of markdownBody.querySelectorAll<HTMLInputElement>('li > input[type="checkbox"]')) {
        const text = box.parentElement?.textContent?.replace(/\s+/g, ' ').trim();
        if (text) box.setAttribute('aria-label', text);
      }
    },
  };
}
