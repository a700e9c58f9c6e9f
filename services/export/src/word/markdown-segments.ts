/** One part of a page's Markdown, parsed on its own so no page costs more than its size. */
export interface MarkdownSegment {
  markdown: string;
  /** The rows of a long table after its first part: rendered without the header row, joined to the table above. */
  continuesTable: boolean;
  /** Set on the last part of a table cut short: how many rows it had and how many are shown. */
  tableCut?: { rows: number; shown: number };
}

export interface SegmentOptions {
  /** Blocks are gathered up to about this many characters per segment (cut at a blank line outside code; see `blockChars`). */
  segmentChars?: number;
  /** A table with more rows than this is parsed in parts of this many rows (remark's table parsing grows faster than linearly). */
  tableChunkRows?: number;
  /** Rows of one table exported; the rest are left out with a note. */
  maxTableRows?: number;
  /**
   * Inline text one parse may see: a block (lines between blank lines) is cut after about this many
   * characters, a longer line into pieces of it, and a table into parts of it. remark's inline
   * parsing of one paragraph or cell grows with the square of its emphasis and bracket runs:
   * 100 KB of `*a` took two minutes in one piece.
   */
  blockChars?: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Markdown's inline delimiters not already escaped (an escape is kept as it is), for a table row too long to be parsed as written. */
const INLINE_DELIMITERS = /\\.|[`*_~[\]$<>!&]/g;

/**
 * A table's delimiter row (`| --- | :-: |`), read cell by cell. The regular expression this
 * replaces (`^ {0,3}\|?\s*:?-+:?\s*(…)*\|?\s*$`) took seconds on a row with a long run of spaces.
 */
function isDelimiterRow(line: string): boolean {
  let row = line.trim();
  if (row.startsWith('|')) {
    if (!/^ {0,3}\|/.test(line)) return false;
    row = row.slice(1);
  }
  if (row.endsWith('|')) row = row.slice(0, -1);
  return row.split('|').every((cell) => /^:?-+:?$/.test(cell.trim()));
}

/** A line cut into pieces of at most `max` characters, at a space where one is near, never inside a surrogate pair. */
function cutLine(line: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max);
    if (cut < max / 2) cut = /[\ud800-\udbff]/.test(rest[max - 1]) ? max - 1 : max;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  return rest ? [...pieces, rest] : pieces;
}

/**
 * Cuts a page's Markdown into segments at blank lines outside fenced code, and long top-level
 * tables into parts of rows under their header, so that parsing time and memory grow linearly
 * with the page (a 5 MB table is parsed as many small tables, and only its first rows are kept).
 * A block or line longer than `blockChars` is cut where it is: it reads as several paragraphs.
 * Markdown that spans a cut (a list with blank lines between items, reference links) still reads
 * as the same text; list numbers carry on from their written start.
 */
export function* segmentMarkdown(markdown: string, options: SegmentOptions = {}): Generator<MarkdownSegment> {
  const segmentChars = options.segmentChars ?? 64 * 1024;
  const chunkRows = options.tableChunkRows ?? 400;
  const maxRows = options.maxTableRows ?? 5000;
  const blockChars = options.blockChars ?? 8 * 1024;
  const lines = markdown.split(/\r?\n/);
  let current: string[] = [];
  let size = 0;
  let blockSize = 0;
  let fence: string | null = null;
  let atBlockStart = true;
  const flush = function* (): Generator<MarkdownSegment> {
    if (current.length > 0) yield { markdown: current.join('\n'), continuesTable: false };
    current = [];
    size = 0;
    blockSize = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence === null && atBlockStart && line.includes('|') && i + 1 < lines.length && lines[i + 1].includes('-') && isDelimiterRow(lines[i + 1])) {
      let end = i + 2;
      while (end < lines.length && lines[end].trim() !== '') end++;
      const rows = lines.slice(i + 2, end);
      if (rows.length > chunkRows || rows.some((row) => row.length > blockChars) || rows.join('\n').length > blockChars) {
        yield* flush();
        yield* tableParts(line, lines[i + 1], rows, { chunkRows, maxRows, blockChars });
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
    if (fence === null && !marker && line.length > blockChars) {
      yield* flush();
      for (const piece of cutLine(line, blockChars)) yield { markdown: piece, continuesTable: false };
      atBlockStart = false;
      continue;
    }
    if (fence === null && !marker && !blank && blockSize + line.length > blockChars) yield* flush();
    current.push(line);
    size += line.length + 1;
    blockSize = blank || fence !== null || marker ? 0 : blockSize + line.length + 1;
    atBlockStart = blank && fence === null;
  }
  yield* flush();
}

/**
 * A table too long to parse in one piece: parts of at most `chunkRows` rows and about `blockChars`
 * characters under its header, the rows past `maxRows` left out (noted), and a row longer than
 * `blockChars` with its inline delimiters escaped (its text kept, its formatting not).
 */
function* tableParts(header: string, delimiter: string, rows: string[], limits: { chunkRows: number; maxRows: number; blockChars: number }): Generator<MarkdownSegment> {
  const readable = (row: string) => (row.length > limits.blockChars ? row.replace(INLINE_DELIMITERS, (found) => (found.length === 2 ? found : `\\${found}`)) : row);
  const head = `${readable(header)}\n${delimiter}\n`;
  const shown = Math.min(rows.length, limits.maxRows);
  let from = 0;
  while (from < shown) {
    let to = from + 1;
    let chars = rows[from].length;
    while (to < shown && to - from < limits.chunkRows && chars + rows[to].length <= limits.blockChars) chars += rows[to++].length + 1;
    const last = to === shown;
    yield {
      markdown: head + rows.slice(from, to).map(readable).join('\n'),
      continuesTable: from > 0,
      ...(last && shown < rows.length ? { tableCut: { rows: rows.length, shown } } : {}),
    };
    from = to;
  }
}
