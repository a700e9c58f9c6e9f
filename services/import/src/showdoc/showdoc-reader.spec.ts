import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { deflateSync } from 'node:zlib';
import { AppError } from '@quire/proto';
import { SHOWDOC_FIXTURE_DB } from '@quire/testing';
import { passwordHashOf } from './showdoc-import';
import { historyContent, ShowdocReader } from './showdoc-reader';

const FIXTURE = SHOWDOC_FIXTURE_DB;

describe(ShowdocReader.name, () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdoc-reader-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const refusal = (file: string): AppError => {
    try {
      ShowdocReader.open(file).close();
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error(`${file} was accepted`);
  };

  it('reads the fixture with its text decoded, as users typed it', () => {
    const sut = ShowdocReader.open(FIXTURE);
    try {
      expect(sut.sourceIdentity()).toBe('showdoc:1:showdoc:1970414832');
      expect(sut.users().map((user) => user.username)).toEqual(['showdoc', 'alice', 'bob', 'carol', 'dave']);
      const page = sut.pages(687069438)[0];
      expect(page.page_content).toContain('{"error_code":0,');
      expect(sut.history(687069438)).toHaveLength(21);
    } finally {
      sut.close();
    }
  });

  it('refuses what is not SQLite, a truncated file, and SQLite that is not ShowDoc, naming the reason', () => {
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'hello');
    expect(refusal(text)).toMatchObject({ key: 'import_not_sqlite', params: { reason: 'no SQLite header' } });
    expect(refusal(path.join(dir, 'missing.db'))).toMatchObject({ key: 'import_not_sqlite' });

    const truncated = path.join(dir, 'truncated.db');
    fs.writeFileSync(truncated, fs.readFileSync(FIXTURE).subarray(0, 40_000));
    expect(refusal(truncated)).toMatchObject({ key: 'import_db_damaged' });

    const other = path.join(dir, 'other.db');
    const db = new DatabaseSync(other);
    db.exec('CREATE TABLE user (uid INTEGER PRIMARY KEY, username TEXT)');
    db.close();
    expect(refusal(other)).toMatchObject({ key: 'import_not_showdoc', params: { reason: 'table user has no column groupid, password' } });
  });
});

describe('historyContent', () => {
  it("decompresses older ShowDoc's base64(gzcompress()) bodies and leaves plain text alone", () => {
    const text = '# Title\n\n中文 and more text';
    expect(historyContent(deflateSync(Buffer.from(text)).toString('base64'))).toBe(text);
    expect(historyContent(text)).toBe(text);
    expect(historyContent('QUJDREVGR0hJSktM')).toBe('QUJDREVGR0hJSktM');
  });
});

describe('passwordHashOf', () => {
  it('keeps bcrypt as it is, marks an older salted MD5, and refuses anything else', () => {
    const bcrypt = '$2y$10$gV5Srd1IWFZJVvQPpPLpLeTUXfWfrvExlwTYnz6yRkZRVshlesMnq';
    expect(passwordHashOf({ password: bcrypt, salt: '' })).toBe(bcrypt);
    expect(passwordHashOf({ password: 'E10ADC3949BA59ABBE56E057F20F883E', salt: '' })).toBe('showdoc-md5$e10adc3949ba59abbe56e057f20f883e');
    expect(passwordHashOf({ password: 'a6cc9db5151afcca8fa6b7f40e255f52', salt: 'abc' })).toBe('showdoc-md5$abc$a6cc9db5151afcca8fa6b7f40e255f52');
    expect(passwordHashOf({ password: 'a6cc9db5151afcca8fa6b7f40e255f52', salt: 'a b' })).toBeNull();
    expect(passwordHashOf({ password: '', salt: '' })).toBeNull();
    expect(passwordHashOf({ password: 'plain-text', salt: '' })).toBeNull();
  });
});
