import { createHash } from 'node:crypto';
import { AppError, API_IMPORT_MAX_BYTES } from '@quire/proto';
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

/** A parsed JSON or YAML document and where its values came from, for errors that name a line. */
export interface ApiSource {
  value: unknown;
  /** `json` when the text is JSON (parsed strictly), else `yaml`. */
  syntax: 'json' | 'yaml';
  text: string;
}

/** The text of an uploaded or fetched document, refused past the size limit and unless it is UTF-8 text. */
export function decodeSource(bytes: Uint8Array): string {
  if (bytes.length > API_IMPORT_MAX_BYTES) throw AppError.failed('api_import_too_large', { max: API_IMPORT_MAX_BYTES / (1024 * 1024) });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw AppError.failed('api_import_not_api');
  }
  return text.replace(/^\uFEFF/, '');
}

/** JSON when it starts like JSON, else YAML; a syntax error names its line and column. */
export function parseSource(text: string): ApiSource {
  const trimmed = text.trimStart();
  if (trimmed === '') throw AppError.failed('api_import_not_api');
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { value: JSON.parse(text) as unknown, syntax: 'json', text };
    } catch (error) {
      const message = (error as Error).message;
      const position = /position (\d+)/.exec(message);
      const { line, column } = position ? lineAndColumn(text, Number(position[1])) : jsonErrorPlace(text);
      throw AppError.failed('api_import_unreadable', { line, column, reason: message.replace(/\s*\(line \d+ column \d+\)$/, '').replace(/ in JSON at position \d+/, '') });
    }
  }
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  const problem = document.errors[0];
  if (problem) {
    const place = problem.linePos?.[0] ?? { line: 1, col: 1 };
    throw AppError.failed('api_import_unreadable', { line: place.line, column: place.col, reason: problem.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '') });
  }
  return { value: document.toJS({ maxAliasCount: 1000 }) as unknown, syntax: 'yaml', text };
}

/** Where a text JSON.parse refused (without saying where) stops being JSON: scanned again, on the error path only. */
function jsonErrorPlace(text: string): { line: number; column: number } {
  return lineAndColumn(text, jsonErrorOffset(text));
}

/** The offset of the first character that breaks the JSON grammar (the text's length when it ends too early). */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i += 1;
  };
  const fail = (): never => {
    throw new JsonBreak(i);
  };
  const expect = (char: string) => (text[i] === char ? (i += 1) : fail());
  const string = () => {
    expect('"');
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      i += text[i] === '\\' ? 2 : 1;
    }
    expect('"');
  };
  const value = (): void => {
    space();
    const char = text[i];
    if (char === '{') {
      i += 1;
      space();
      if (text[i] === '}') return void (i += 1);
      for (;;) {
        space();
        string();
        space();
        expect(':');
        value();
        space();
        if (text[i] === ',') i += 1;
        else return void expect('}');
      }
    }
    if (char === '[') {
      i += 1;
      space();
      if (text[i] === ']') return void (i += 1);
      for (;;) {
        value();
        space();
        if (text[i] === ',') i += 1;
        else return void expect(']');
      }
    }
    if (char === '"') return string();
    const literal = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!literal) fail();
    i += literal![0].length;
  };
  try {
    value();
    space();
    return i < text.length ? i : text.length;
  } catch (error) {
    if (error instanceof JsonBreak) return error.offset;
    throw error;
  }
}

class JsonBreak extends Error {
  constructor(readonly offset: number) {
    super(`not JSON at ${offset}`);
  }
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i += 1) {
    if (text.charCodeAt(i) === 10) {
      line += 1;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** A JSON pointer of path segments (`/paths/~1pet/get`). */
export function toPointer(path: readonly (string | number)[]): string {
  return path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  return pointer
    .replace(/^#/, '')
    .slice(1)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Where a JSON pointer's value is in the source text: `/paths/~1pet (line 12)`, or the pointer alone when the
 * place cannot be found. Reads the text again (only on the error path).
 */
export function describePlace(source: ApiSource, path: readonly (string | number)[]): string {
  const pointer = toPointer(path) || '/';
  const line = lineOf(source.text, path);
  return line === undefined ? pointer : `${pointer} (line ${line})`;
}

function lineOf(text: string, path: readonly (string | number)[]): number | undefined {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, uniqueKeys: false, keepSourceTokens: false });
  let node: Node | null | undefined = document.contents;
  let offset = node?.range?.[0];
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((candidate) => String((candidate.key as { value?: unknown } | null)?.value ?? candidate.key) === String(segment));
      if (!pair) break;
      offset = (pair.key as Node | null)?.range?.[0] ?? offset;
      node = pair.value as Node | null;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else break;
  }
  return offset === undefined ? undefined : lines.linePos(offset).line;
}

/**
 * sha256 of the document's content whatever its layout: parsed (JSON or YAML), object keys sorted, written as JSON. The
 * same description reformatted (whitespace, key order, JSON ↔ YAML) hashes the same; a text that does not parse hashes
 * as its bytes (the conversion then says what is wrong with it).
 */
export function canonicalHash(text: string): string {
  const hash = createHash('sha256');
  let value: unknown;
  try {
    value = parseSource(text).value;
  } catch {
    return hash.update(`text:${text}`, 'utf8').digest('hex');
  }
  return hash.update(canonicalJson(value), 'utf8').digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
