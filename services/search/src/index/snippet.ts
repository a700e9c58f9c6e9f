import { escapeHtml } from '@quire/proto';
import type { Marks } from './search-query';
import { identifierParts, runsOf } from './tokenizer';

/** Stems of words as the index's porter stemmer makes them (lower-case words in, the stem of each out). */
export type Stemmer = (words: string[]) => Map<string, string>;

/** Only the start of a very long page is looked through for the first match. */
const SCANNED_CHARS = 50_000;

/** A matched stretch of a text, [start, end). */
export type Range = [number, number];

/**
 * Where the query's words occur in a text: CJK text wherever it appears; other words, whole or
 * by their identifier parts, when they stem as a query word does or begin with a query prefix.
 * Sorted, not overlapping.
 */
export function matchedRanges(text: string, marks: Marks, stem: Stemmer): Range[] {
  const scanned = text.slice(0, SCANNED_CHARS);
  const runs = runsOf(scanned);
  // A page repeats its words: each distinct word is cut into parts and stemmed once.
  const shapes = new Map<string, WordShape>();
  for (const run of runs) if (!run.cjk && !shapes.has(run.text)) shapes.set(run.text, shapeOf(run.text));
  const stems = stem([
    ...new Set([...marks.words, ...marks.prefixes, ...[...shapes.values()].flatMap(({ whole, parts }) => [whole, ...parts.map((part) => part.lower)])].map((w) => w.toLowerCase())),
  ]);
  const stemOf = (word: string) => stems.get(word) ?? word;
  const wanted = new Set(marks.words.map(stemOf));
  const matches = (word: string) => wanted.has(stemOf(word)) || marks.prefixes.some((prefix) => word.startsWith(prefix) || stemOf(word).startsWith(stemOf(prefix)));
  // Where in each distinct word the query matches: the whole word, or some of its parts.
  const within = new Map<string, Range[]>();
  for (const [word, { whole, parts }] of shapes) {
    within.set(word, matches(whole) ? [[0, word.length]] : parts.filter((part) => matches(part.lower)).map((part): Range => [part.start, part.start + part.length]));
  }

  const ranges: Range[] = [];
  for (const run of runs) {
    if (run.cjk) continue;
    for (const [from, to] of within.get(run.text) ?? []) ranges.push([run.start + from, run.start + to]);
  }
  const needles = [...new Set(marks.cjk)];
  for (const run of runs.filter((candidate) => candidate.cjk)) {
    for (const needle of needles) {
      for (let at = run.text.indexOf(needle); at >= 0; at = run.text.indexOf(needle, at + needle.length)) ranges.push([run.start + at, run.start + at + needle.length]);
    }
  }
  return merged(ranges);
}

/**
 * Escaped HTML of the text around the first match: `before` characters before it and the rest of
 * `before + after` after, whitespace collapsed, `<mark>` around each match, `…` where text was cut.
 * The start of the text when nothing matched.
 */
export function snippetHtml(text: string, ranges: Range[], before: number, after: number): string {
  const [start, end] = atWordBounds(text, windowAround(text, ranges[0]?.[0], before, after), ranges[0]);
  let html = start > 0 ? '…' : '';
  let at = start;
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    const markFrom = Math.max(from, start);
    const markTo = Math.min(to, end);
    html += plain(text.slice(at, markFrom)) + `<mark>${plain(text.slice(markFrom, markTo))}</mark>`;
    at = markTo;
  }
  html += plain(text.slice(at, end));
  return html.trim() + (end < text.length ? '…' : '');
}

/** ShowDoc's `search_content`: raw text from `before` characters before the first match to `after` after it, between `...`. */
export function searchContent(text: string, ranges: Range[], before: number, after: number): string {
  const [start, end] = windowAround(text, ranges[0]?.[0], before, after);
  return `...${text.slice(start, end)}...`;
}

function windowAround(text: string, first: number | undefined, before: number, after: number): Range {
  const start = first === undefined ? 0 : atCodePoint(text, Math.max(0, first - before));
  return [start, atCodePoint(text, Math.min(text.length, (first ?? 0) + after + (first === undefined ? before : 0)))];
}

/** Pulls a window's cut ends in to the nearest space, when one is near, so that no word is cut in two. */
function atWordBounds(text: string, [start, end]: Range, first: Range | undefined): Range {
  const near = 15;
  let from = start;
  let to = end;
  if (from > 0 && !/\s/.test(text[from - 1])) {
    const space = text.slice(from, Math.min(from + near, first?.[0] ?? end)).search(/\s/);
    if (space >= 0) from += space + 1;
  }
  if (to < text.length && !/\s/.test(text[to])) {
    const tail = text.slice(Math.max(to - near, first?.[1] ?? start), to);
    const space = tail.search(/\s\S*$/);
    if (space >= 0) to -= tail.length - space;
  }
  return [from, to];
}

/** Moves an offset off the second half of a surrogate pair, so no character is cut in two. */
function atCodePoint(text: string, offset: number): number {
  const code = text.charCodeAt(offset);
  return code >= 0xdc00 && code <= 0xdfff && offset > 0 ? offset - 1 : offset;
}

function plain(text: string): string {
  return escapeHtml(text.replace(/\s+/g, ' '));
}

/** A word as the snippet compares it: its identifier parts in lower case, and them joined. */
interface WordShape {
  whole: string;
  parts: { lower: string; start: number; length: number }[];
}

function shapeOf(word: string): WordShape {
  const parts = identifierParts(word).map((part) => ({ lower: part.text.toLowerCase(), start: part.start, length: part.text.length }));
  return { whole: parts.map((part) => part.lower).join(''), parts };
}

function merged(ranges: Range[]): Range[] {
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Range[] = [];
  for (const range of ranges) {
    const previous = out[out.length - 1];
    if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
    else out.push([range[0], range[1]]);
  }
  return out;
}
