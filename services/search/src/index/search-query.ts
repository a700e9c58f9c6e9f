import { bigrams, cjkWords, DEFAULT_SEGMENTER, hasCjk, runsOf, textTokens, wordTokens, type WordSegmenter } from './tokenizer';

/** Which FTS5 columns an alternative searches, for a match anywhere and for a title match. */
const COLUMNS = {
  text: { any: '{title content cat_path}', title: '{title}' },
  grams: { any: '{title_grams body_grams}', title: '{title_grams}' },
  all: { any: '', title: '{title title_grams}' },
} as const;

/** The most terms a keyword is searched by (200 characters of single letters would make 100). */
const MAX_TERMS = 24;

/**
 * Tokens that must follow each other (one token: a word) in some columns; `prefix`: the last one may
 * go on; `apart`: each token anywhere instead of in a row.
 */
interface Alternative {
  columns: keyof typeof COLUMNS;
  tokens: string[];
  prefix: boolean;
  apart?: boolean;
}

/** A page matches a term when it matches one of its alternatives, and the keyword when it matches every term. */
type Term = Alternative[];

/** What the snippet marks in a page's own text. */
export interface Marks {
  /** Words (lower case) marked when they stem alike. */
  words: string[];
  /** Beginnings of words (lower case) marked when a word starts with them. */
  prefixes: string[];
  /** CJK text marked wherever it occurs. */
  cjk: string[];
}

/** A keyword as FTS5 expressions: every token quoted, so no character of it is query syntax. */
export interface SearchQuery {
  match: string;
  /** Every term found in the title. */
  titleMatch: string;
  /** The keyword's words in a row, when it has more than one term (exact phrases rank first); else null. */
  phraseMatch: string | null;
  marks: Marks;
}

/** `"…"` and `“…”` hold phrases. */
const QUOTED = /"([^"]*)"|“([^”]*)”/g;

/**
 * The query for a keyword, or null when it has nothing to search by (only punctuation). Terms
 * are ANDed; the last unquoted word also matches as a prefix (results as you type), unless the
 * keyword ends with a space. CJK runs are cut by the segmenter the index was built with.
 */
export function parseKeyword(keyword: string, segmenter: WordSegmenter = DEFAULT_SEGMENTER): SearchQuery | null {
  const terms: Term[] = [];
  const free: Term[] = [];
  const marks: Marks = { words: [], prefixes: [], cjk: [] };
  let rest = '';
  let last = 0;
  for (const match of keyword.matchAll(QUOTED)) {
    rest += `${keyword.slice(last, match.index)} `;
    last = match.index + match[0].length;
    const phrase = phraseTerm(match[1] ?? match[2] ?? '', marks, segmenter);
    if (phrase) terms.push(phrase);
  }
  rest += keyword.slice(last);
  const runs = runsOf(rest);
  runs.forEach((run, i) => {
    const prefix = i === runs.length - 1 && !/[\s"”]$/.test(keyword);
    free.push(run.cjk ? cjkTerm(run.text, marks, segmenter) : wordTerm(run.text, prefix, marks));
  });
  terms.push(...free);
  if (terms.length === 0) return null;
  const kept = terms.slice(0, MAX_TERMS);
  return {
    match: kept.map((term) => termExpression(term, 'any')).join(' AND '),
    titleMatch: kept.map((term) => termExpression(term, 'title')).join(' AND '),
    phraseMatch: free.length > 1 && free.length === kept.length ? phraseExpression(free) : null,
    marks,
  };
}

function wordTerm(word: string, prefix: boolean, marks: Marks): Term {
  const tokens = wordTokens(word);
  const [whole, ...parts] = tokens;
  marks.words.push(...tokens);
  if (prefix && whole.length >= 2) marks.prefixes.push(whole);
  const alternatives: Term = [{ columns: 'text', tokens: [whole], prefix: prefix && whole.length >= 2 }];
  // `user_info` finds getUserInfo by its parts in a row.
  if (parts.length > 1) alternatives.push({ columns: 'text', tokens: parts, prefix: false });
  return alternatives;
}

/**
 * A CJK run: its words in a row, or its bigrams in a row (the page's words may be cut otherwise), or,
 * when it is words of two characters or more run together (`支付回调` for a page on "支付结果以异步回调"),
 * each of them anywhere; words of one character are too common to be looked for apart.
 */
function cjkTerm(run: string, marks: Marks, segmenter: WordSegmenter): Term {
  marks.cjk.push(run);
  const single = Array.from(run).length === 1;
  const words = cjkWords(run, segmenter);
  const grams = bigrams(run);
  // A word of one or two characters is its own bigram: one alternative over every column finds the
  // same pages, without FTS5 checking the columns of each hit (a common word's search takes half as long).
  if (words.length === 1 && grams.length === 1 && words[0] === grams[0]) return [{ columns: 'all', tokens: words, prefix: single }];
  const term: Term = [
    { columns: 'text', tokens: words, prefix: single },
    { columns: 'grams', tokens: grams, prefix: single },
  ];
  if (words.length > 1 && words.every((word) => Array.from(word).length > 1)) {
    marks.cjk.push(...words);
    term.push({ columns: 'text', tokens: words, prefix: false, apart: true });
  }
  return term;
}

/** A quoted phrase: its tokens in a row as the index has them; a phrase of CJK text only may also match by bigrams. */
function phraseTerm(phrase: string, marks: Marks, segmenter: WordSegmenter): Term | null {
  const tokens = textTokens(phrase, segmenter);
  if (tokens.length === 0) return null;
  const runs = runsOf(phrase);
  for (const run of runs) {
    if (run.cjk) marks.cjk.push(run.text);
    else marks.words.push(...wordTokens(run.text));
  }
  const term: Term = [{ columns: 'text', tokens, prefix: false }];
  if (runs.length === 1 && runs[0].cjk) term.push({ columns: 'grams', tokens: bigrams(runs[0].text), prefix: false });
  return term;
}

function termExpression(term: Term, where: 'any' | 'title'): string {
  const alternatives = term.map((alternative) => {
    const columns = columnFilter(alternative.columns, alternative.tokens, where);
    if (!alternative.apart) return `${columns}${quoted(alternative.tokens, alternative.prefix)}`;
    return `(${alternative.tokens.map((token) => `${columns}${quoted([token], false)}`).join(' AND ')})`;
  });
  return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' OR ')})`;
}

/** The free terms' first alternatives as one phrase in the text columns. */
function phraseExpression(terms: Term[]): string {
  const tokens = terms.flatMap((term) => term[0].tokens);
  return `${columnFilter('text', tokens, 'any')}${quoted(tokens, false)}`;
}

/**
 * The column filter of tokens, '' for none. The gram columns hold pairs of CJK characters only, so
 * tokens without one are looked for in every column: the same hits and scores, without FTS5 checking
 * the columns of each hit (a common word's search takes a sixth less).
 */
function columnFilter(columns: keyof typeof COLUMNS, tokens: string[], where: 'any' | 'title'): string {
  const filter = COLUMNS[columns][where];
  if (filter === '' || (where === 'any' && columns === 'text' && !tokens.some(hasCjk))) return '';
  return `${filter} : `;
}

/** An FTS5 string: tokens inside double quotes (doubled when inside), `*` after it for a prefix. */
function quoted(tokens: string[], prefix: boolean): string {
  return `"${tokens.join(' ').replace(/"/g, '""')}"${prefix ? '*' : ''}`;
}
