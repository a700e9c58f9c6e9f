import type { BrowserVisitor } from './browser-session';

/** Text the API answered HTML-escaped (contract §13), as it was typed. */
export const decodeHtml = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');

/** The Markdown in a visitor's editor (CodeMirror keeps its instance on its wrapper element). */
export function editorValue(visitor: BrowserVisitor): Promise<string> {
  return visitor.page.evaluate(() => document.querySelector<Element & { CodeMirror?: { getValue(): string } }>('.CodeMirror')?.CodeMirror?.getValue() ?? '');
}
