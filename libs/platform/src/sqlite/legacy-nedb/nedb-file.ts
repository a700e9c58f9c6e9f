import * as fs from 'node:fs';
import { isPlainObject, type PlainObject } from '../../document-store/plain-document';
import { UnreadableLegacyDataError } from './unreadable-legacy-data.error';

/** An index a NeDB file declares (`$$indexCreated` not followed by `$$indexRemoved`). */
export interface NedbIndex {
  fieldName: string;
  unique: boolean;
  sparse: boolean;
}

/** A NeDB file as NeDB would load it. */
export interface NedbFileContents {
  /** The live documents by `_id` (each as its last line left it), `_id` included, in the order NeDB loads them. */
  documents: Map<string, PlainObject>;
  indexes: NedbIndex[];
  /** Lines left out as NeDB leaves them out (1-based): not JSON, or torn by a kill in the middle of an append. */
  skippedLines: number[];
}

/** One line without its "\n"; `terminated` is false for a last line the file does not end with "\n". */
export interface FileLine {
  number: number;
  text: string;
  terminated: boolean;
}

/** NeDB refuses a file where more than this share of the lines is corrupt (its `corruptAlertThreshold`). */
const CORRUPT_SHARE_REFUSED_ABOVE = 0.1;
const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * Reads `<collection>.db` (or its `.db~` when a crash came between NeDB's rewrite and its rename,
 * as NeDB's `ensureDatafileIntegrity` does) the way NeDB loads it: JSON lines, `{$$date: ms}` as a
 * Date, the last line of an `_id` wins, `{$$deleted: true, _id}` removes it, `$$indexCreated` /
 * `$$indexRemoved` declare indexes. Lines that are not JSON are skipped while they stay within
 * NeDB's tolerance (10 % of the lines); a torn last line (no "\n": the process was killed in the
 * middle of an append) is always skipped, as it is fully explained by the kill. Lines are split on
 * "\n" only, which is all NeDB writes: its own reader also splits on U+2028, U+2029 and U+0085 and
 * so lost a document whose text held one of those; here it is kept.
 */
export function readNedbFile(file: string): NedbFileContents {
  const source = fs.existsSync(file) || !fs.existsSync(`${file}~`) ? file : `${file}~`;
  const documents = new Map<string, PlainObject>();
  const indexes = new Map<string, NedbIndex>();
  const skippedLines: number[] = [];
  let lines = 0;
  let corrupt = 0;
  for (const line of readFileLines(source)) {
    if (line.text === '') continue;
    const doc = parseLine(line.text);
    if (line.terminated) lines++;
    if (doc === undefined) {
      skippedLines.push(line.number);
      if (line.terminated) corrupt++;
      continue;
    }
    if (!isPlainObject(doc)) continue;
    if ((typeof doc._id === 'string' || typeof doc._id === 'number') && doc._id !== '') {
      if (doc.$$deleted === true) documents.delete(String(doc._id));
      else documents.set(String(doc._id), doc);
    } else if (isPlainObject(doc.$$indexCreated) && doc.$$indexCreated.fieldName != null) {
      const index = declaredIndex(source, line, doc.$$indexCreated);
      indexes.set(index.fieldName, index);
    } else if (typeof doc.$$indexRemoved === 'string') {
      indexes.delete(doc.$$indexRemoved);
    }
  }
  if (lines > 0 && corrupt / lines > CORRUPT_SHARE_REFUSED_ABOVE) {
    throw new UnreadableLegacyDataError(
      source,
      `${corrupt} of its ${lines} lines are not valid JSON (lines ${skippedLines.slice(0, 10).join(', ')}${skippedLines.length > 10 ? ', …' : ''}), more than the 10 % NeDB tolerated`,
    );
  }
  return { documents, indexes: [...indexes.values()], skippedLines };
}

/**
 * The lines of a file, split on "\n" and decoded as UTF-8, read a chunk at a time so that a file
 * larger than the longest string V8 allows is read too.
 */
export function* readFileLines(file: string): Generator<FileLine> {
  const fd = openForReading(file);
  try {
    const chunk = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    let carried: Buffer[] = [];
    let number = 0;
    let position = 0;
    for (;;) {
      const filled = readChunk(file, fd, chunk, position);
      if (filled === 0) break;
      position += filled;
      const data = chunk.subarray(0, filled);
      let start = 0;
      for (let end = data.indexOf(0x0a); end !== -1; end = data.indexOf(0x0a, start)) {
        const text = Buffer.concat([...carried, data.subarray(start, end)]).toString('utf8');
        carried = [];
        start = end + 1;
        yield { number: ++number, text, terminated: true };
      }
      // The chunk is reused: keep a copy of the unfinished line.
      if (start < filled) carried.push(Buffer.from(data.subarray(start)));
    }
    if (carried.length > 0) yield { number: ++number, text: Buffer.concat(carried).toString('utf8'), terminated: false };
  } finally {
    fs.closeSync(fd);
  }
}

/** NeDB's `model.deserialize`: `{"$$date": ms}` becomes a Date. Undefined for a line that is not JSON, or is `null` (NeDB counts both as corrupt). */
function parseLine(text: string): unknown {
  try {
    return JSON.parse(text, reviveDates) ?? undefined;
  } catch {
    return undefined;
  }
}

function reviveDates(key: string, value: unknown): unknown {
  if (key === '$$date') return new Date(value as number);
  if (isPlainObject(value) && value.$$date instanceof Date) return value.$$date;
  return value;
}

function declaredIndex(file: string, line: FileLine, declaration: PlainObject): NedbIndex {
  const { fieldName, unique, sparse } = declaration;
  if (typeof fieldName !== 'string') {
    throw new UnreadableLegacyDataError(file, `line ${line.number} declares an index on ${JSON.stringify(fieldName)}; only single-field indexes can be converted`);
  }
  return { fieldName, unique: unique === true, sparse: sparse === true };
}

function openForReading(file: string): number {
  try {
    return fs.openSync(file, 'r');
  } catch (error) {
    throw new UnreadableLegacyDataError(file, (error as Error).message);
  }
}

function readChunk(file: string, fd: number, chunk: Buffer, position: number): number {
  try {
    return fs.readSync(fd, chunk, 0, chunk.length, position);
  } catch (error) {
    throw new UnreadableLegacyDataError(file, (error as Error).message);
  }
}
