/** A run of a snippet's text, still escaped; `marked` when it matched the keyword. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

const MARK = /<mark>([\s\S]*?)<\/mark>/g;

/**
 * `search/query`'s snippet is escaped HTML in which only `<mark>…</mark>` is markup: it is cut at
 * the mark tags only. An escaped tag of the page (`&lt;mark&gt;`, `&lt;script&gt;`) is text of a
 * run, shown as characters once unescaped.
 */
export function splitSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let from = 0;
  const push = (text: string, marked: boolean) => {
    if (text) parts.push({ text, marked });
  };
  for (const match of snippet.matchAll(MARK)) {
    push(snippet.slice(from, match.index), false);
    push(match[1], true);
    from = match.index + match[0].length;
  }
  push(snippet.slice(from), false);
  return parts;
}
