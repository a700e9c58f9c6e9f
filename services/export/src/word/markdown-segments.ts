/** One part of a page's Markdown, parsed on its own so no page costs more than its size. */
export interface MarkdownSegment {
  markdown: string;
  /** The rows of a long table after its first part: rendered without the header row, joined to the table above. */
  continuesTable: boolean;
  /** Set on the last part of a table cut short: how many rows it had and how many are shown. */
  tableCut?: { rows: number; shown: number };
}

export interface SegmentOptions {
  /** Blocks are gathered up to about this many characters per segment (cut only at a blank line outside code). */
  segmentChars?: number;
  /** A table with more rows than this is parsed in parts of this many rows (remark's table parsing grows faster than linearly). */
  tableChunkRows?: number;
  /** Rows of one table exported; the rest are left out with a note. */
  maxTableRows?: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const DELIMITER_ROW = /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/**
 * Cuts a page's Markdown into segments at blank lines outside fenced code, and long top-level
 * tables into parts of rows under their header, so that parsing time and memory grow linearly
 * with the page (a 5 MB table is parsed as many small tables, and only its first rows are kept).
 * Markdown that spans a cut (a list with blank lines between items, reference links) still reads
 * as the same text; list numbers carry on from their written start.
 */
export function* segmentMarkdown(markdown: string, options: SegmentOptions = {}): Generator<MarkdownSegment> {
  const segmentChars = options.segmentChars ?? 64 * 1024;
  const chunkRows = options.tableChunkRows ?? 400;
  const maxRows = options.maxTableRows ?? 5000;
  const lines = markdown.split(/\r?\n/);
  let current: string[] = [];
  let size = 0;
  let fence: string | null = null;
  let atBlockStart = true;
  const flush = function* (): Generator<MarkdownSegment> {
    if (current.length > 0) yield { markdown: current.join('\n'), continuesTable: false };
    current = [];
    size = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence === null && atBlockStart && line.includes('|') && i + 1 < lines.length && DELIMITER_ROW.test(lines[i + 1]) && lines[i + 1].includes('-')) {
      let end = i + 2;
      while (end < lines.length && lines[end].trim() !== '') end++;
      const rows = end - (i + 2);
      if (rows > chunkRows) {
        yield* flush();
        const head = `${line}\n${lines[i + 1]}\n`;
        const shown = Math.min(rows, maxRows);
        for (let from = 0; from < shown; from += chunkRows) {
          const to = Math.min(shown, from + chunkRows);
          const last = to === shown;
          yield {
            markdown: head + lines.slice(i + 2 + from, i + 2 + to).join('\n'),
            continuesTable: from > 0,
            ...(last && shown < rows ? { tableCut: { rows, shown } } : {}),
          };
        }
        i = end - 1;
        atBlockStart = false;
        continue;
      }
    }
    const marker = FENCE.exec(line);
    if (marker) {
      if (fence === null) fence = marker[1];
      else if (marker[1][0] === fence[0] && marker[1].length >= fence.length && line.trim() === marker[1]) fence = null;
    }
    const blank = line.trim() === '';
    if (blank && fence === null && size >= segmentChars) {
      yield* flush();
      atBlockStart = true;
      continue;
    }
    current.push(line);
    size += line.length + 1;
    atBlockStart = blank && fence === null;
  }
  yield* flush();
}
