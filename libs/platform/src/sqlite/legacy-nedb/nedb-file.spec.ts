import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readFileLines, readNedbFile } from './nedb-file';
import { UnreadableLegacyDataError } from './unreadable-legacy-data.error';

describe(readNedbFile.name, () => {
  let dir: string;
  let file: string;
  const write = (...lines: string[]) => fs.writeFileSync(file, lines.join(''));
  const line = (doc: object) => `${JSON.stringify(doc)}\n`;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-nedb-file-'));
    file = path.join(dir, 'pages.db');
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps the last line of each _id, drops deleted ones and keeps one deleted then inserted again', () => {
    write(
      line({ page_id: 1, title: 'v1', _id: 'a' }),
      line({ page_id: 2, title: 'only', _id: 'b' }),
      line({ page_id: 1, title: 'v2', _id: 'a' }),
      line({ page_id: 3, title: 'gone', _id: 'c' }),
      line({ $$deleted: true, _id: 'c' }),
      line({ page_id: 4, title: 'back', _id: 'd' }),
      line({ $$deleted: true, _id: 'd' }),
      line({ page_id: 4, title: 'back again', _id: 'd' }),
    );

    const { documents, skippedLines } = readNedbFile(file);

    expect([...documents.values()]).toEqual([
      { page_id: 1, title: 'v2', _id: 'a' },
      { page_id: 2, title: 'only', _id: 'b' },
      { page_id: 4, title: 'back again', _id: 'd' },
    ]);
    expect(skippedLines).toEqual([]);
  });

  it('turns {$$date: ms} back into Dates wherever they are', () => {
    write(line({ _id: 'a', at: { $$date: 1795673102000 }, nested: { list: [{ $$date: 0 }] } }));

    const doc = readNedbFile(file).documents.get('a');

    expect(doc?.at).toEqual(new Date(1795673102000));
    expect((doc?.nested as { list: unknown[] }).list[0]).toEqual(new Date(0));
  });

  it('lists the indexes declared and not removed since', () => {
    write(
      line({ $$indexCreated: { fieldName: 'page_id', unique: true, sparse: false } }),
      line({ $$indexCreated: { fieldName: 'item_id', unique: false, sparse: false } }),
      line({ $$indexCreated: { fieldName: 'member_key', unique: true, sparse: true } }),
      line({ $$indexRemoved: 'item_id' }),
    );

    expect(readNedbFile(file).indexes).toEqual([
      { fieldName: 'page_id', unique: true, sparse: false },
      { fieldName: 'member_key', unique: true, sparse: true },
    ]);
  });

  it('skips a last line torn by a kill, even where it is more than a tenth of the file', () => {
    write(line({ page_id: 1, _id: 'a' }), '{"page_id":2,"page_content":"half wri');

    const { documents, skippedLines } = readNedbFile(file);

    expect([...documents.keys()]).toEqual(['a']);
    expect(skippedLines).toEqual([2]);
  });

  it('keeps a whole last line whose "\\n" the kill cut off', () => {
    write(line({ page_id: 1, title: 'v1', _id: 'a' }), JSON.stringify({ page_id: 1, title: 'v2', _id: 'a' }));

    expect(readNedbFile(file).documents.get('a')?.title).toBe('v2');
  });

  it('skips lines that are not JSON while they are at most a tenth of the file, as NeDB does', () => {
    const docs = Array.from({ length: 9 }, (_, n) => line({ n, _id: `id${n}` }));
    write(...docs.slice(0, 4), 'not json\n', ...docs.slice(4), '\n');

    const { documents, skippedLines } = readNedbFile(file);

    expect(documents.size).toBe(9);
    expect(skippedLines).toEqual([5]);
  });

  it('refuses a file where more than a tenth of the lines are not JSON, naming the file', () => {
    write(line({ n: 1, _id: 'a' }), 'garbage\n', line({ n: 2, _id: 'b' }), 'null\n');

    expect(() => readNedbFile(file)).toThrow(UnreadableLegacyDataError);
    expect(() => readNedbFile(file)).toThrow(/pages\.db.*2 of its 4 lines are not valid JSON \(lines 2, 4\)/);
  });

  it('reads the file a crash left as "<name>.db~" when "<name>.db" is missing, and prefers "<name>.db"', () => {
    fs.writeFileSync(`${file}~`, line({ title: 'rewritten', _id: 'a' }));

    expect(readNedbFile(file).documents.get('a')?.title).toBe('rewritten');

    write(line({ title: 'current', _id: 'a' }));
    expect(readNedbFile(file).documents.get('a')?.title).toBe('current');
  });

  it('keeps text holding U+2028, U+2029 and U+0085 (NeDB split lines there and lost the document)', () => {
    const title = 'a\u2028b\u2029c\u0085d';
    write(line({ title, _id: 'a' }));

    expect(readNedbFile(file).documents.get('a')?.title).toBe(title);
  });

  it('refuses a file it cannot read, naming it', () => {
    fs.mkdirSync(file);

    expect(() => readNedbFile(file)).toThrow(UnreadableLegacyDataError);
    expect(() => readNedbFile(file)).toThrow(file);
  });
});

describe(readFileLines.name, () => {
  let dir: string;

  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-nedb-lines-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('joins lines and multi-byte characters that span read chunks (1 MB)', () => {
    const file = path.join(dir, 'big.db');
    // 3-byte characters, so that chunk boundaries fall inside characters too.
    const long = '订'.repeat(700_000);
    fs.writeFileSync(file, `short\n${long}\n\n${long}x`);

    const lines = [...readFileLines(file)];

    expect(lines.map(({ number, text, terminated }) => ({ number, length: text.length, terminated }))).toEqual([
      { number: 1, length: 5, terminated: true },
      { number: 2, length: long.length, terminated: true },
      { number: 3, length: 0, terminated: true },
      { number: 4, length: long.length + 1, terminated: false },
    ]);
    expect(lines[1].text).toBe(long);
    expect(lines[3].text).toBe(`${long}x`);
  });
});
