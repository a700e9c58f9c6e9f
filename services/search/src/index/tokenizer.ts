import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

/**
 * The words of a text as the index stores them, made here before FTS5 sees them (its tokenizer,
 * `porter unicode61 remove_diacritics 2`, then only folds case and diacritics and stems English):
 * - runs of Chinese and Japanese script, written without spaces, are cut into words (by a
 *   `WordSegmenter`), and also into overlapping pairs of characters (bigrams) that find a word
 *   the segmenter cut differently in the page than in the query;
 * - code identifiers are kept whole and by their parts: `order_id` → orderid order id,
 *   `getUserInfo` → getuserinfo get user info.
 */

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30FC\\u3005';
/** A character of CJK script. */
const CJK_CHAR = new RegExp(`[${CJK}]`, 'u');
/** A run of CJK script, or a run of other letters, marks, digits and underscores. */
const RUN = new RegExp(`([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{M}\\p{N}_])+)`, 'gu');
/** Where a camelCase word splits: before an upper-case letter that follows a lower-case one or a digit, and inside an acronym before its last capital. */
const CAMEL_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
/** A word without these has one part (CAMEL_BOUNDARY needs a capital). */
const MAY_HAVE_PARTS = /[\p{Lu}_]/u;

/**
 * Cuts a run of CJK script into words; the index and its queries use the same one (a new default
 * changes the index's format version). `load-tests/src/bench-search-quality.ts` measures both on
 * the judged query set: jieba's is the default, as it knows the words IT pages use (回调, 下单, 商户,
 * which ICU cuts into single characters), so words typed run together are found apart (支付回调), and
 * it cuts twice as fast; ICU's needs no dictionary in memory (jieba's holds about 40 MB).
 */
export interface WordSegmenter {
  readonly name: string;
  words(run: string): string[];
}

/** ICU's word break rules with its Chinese dictionary, built into Node. */
export const intlSegmenter: WordSegmenter = (() => {
  const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
  return { name: 'Intl.Segmenter', words: (run) => Array.from(segmenter.segment(run), (segment) => segment.segment) };
})();

/** jieba's dictionary and HMM for words it does not know (`@node-rs/jieba`, prebuilt binaries); the dictionary loads on first use. */
export const jiebaSegmenter: WordSegmenter = (() => {
  let jieba: Jieba | undefined;
  return { name: '@node-rs/jieba', words: (run) => (jieba ??= Jieba.withDict(dict)).cut(run, true) };
})();

export const DEFAULT_SEGMENTER = jiebaSegmenter;

/** A stretch of a text: a CJK run or a word (identifier), with its place. */
export interface Run {
  text: string;
  start: number;
  cjk: boolean;
}

/** The runs of a text in order; punctuation and spaces between them are left out. */
export function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  for (const match of text.matchAll(RUN)) runs.push({ text: match[0], start: match.index, cjk: match[1] !== undefined });
  return runs;
}

/** An identifier's parts with their offsets in it: split at `_` and at camelCase boundaries. */
export function identifierParts(word: string): { text: string; start: number }[] {
  // Most words have no capital and no underscore, hence one part: spared the splitting.
  if (!MAY_HAVE_PARTS.test(word)) return word === '' ? [] : [{ text: word, start: 0 }];
  const parts: { text: string; start: number }[] = [];
  let offset = 0;
  for (const piece of word.split('_')) {
    let at = offset;
    for (const part of piece.split(CAMEL_BOUNDARY)) {
      if (part !== '') parts.push({ text: part, start: at });
      at += part.length;
    }
    offset += piece.length + 1;
  }
  return parts;
}

/** A word's tokens: itself (parts joined, lower case) and, when it has several, each part. */
export function wordTokens(word: string): string[] {
  if (!MAY_HAVE_PARTS.test(word)) return [word.toLowerCase()];
  const parts = identifierParts(word).map((part) => part.text.toLowerCase());
  return parts.length > 1 ? [parts.join(''), ...parts] : parts;
}

/** Whether a text has a character of CJK script. */
export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}

/** The words of a CJK run. */
export function cjkWords(run: string, segmenter: WordSegmenter = DEFAULT_SEGMENTER): string[] {
  return segmenter.words(run).filter((word) => word.trim() !== '');
}

/** The overlapping character pairs of a CJK run (the run itself when it is one character). */
export function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length < 2) return chars;
  return chars.slice(1).map((char, i) => chars[i] + char);
}

/** The token stream of a text for an index column: words of CJK runs, other words whole and by parts. */
export function textTokens(text: string, segmenter: WordSegmenter = DEFAULT_SEGMENTER): string[] {
  return runsOf(text).flatMap((run) => (run.cjk ? cjkWords(run.text, segmenter) : wordTokens(run.text)));
}

/** A text's streams for the index's columns, from one pass over its runs: its tokens (as `textTokens`) and the bigrams of its CJK runs. */
export function textStreams(text: string, segmenter: WordSegmenter = DEFAULT_SEGMENTER): { words: string[]; grams: string[] } {
  const words: string[] = [];
  const grams: string[] = [];
  for (const run of runsOf(text)) {
    if (!run.cjk) {
      words.push(...wordTokens(run.text));
      continue;
    }
    words.push(...cjkWords(run.text, segmenter));
    grams.push(...bigrams(run.text));
  }
  return { words, grams };
}
