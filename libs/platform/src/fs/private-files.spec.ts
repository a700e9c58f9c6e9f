import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { preparePrivateDataDir } from './private-files';

describe(preparePrivateDataDir.name, () => {
  let parent: string;

  beforeEach(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-private-'));
  });
  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

  const mode = (file: string) => fs.statSync(file).mode & 0o777;

  it('creates a missing data directory 0700', () => {
    const dir = path.join(parent, 'a', 'data');

    preparePrivateDataDir(dir);

    expect([mode(path.join(parent, 'a')), mode(dir)]).toEqual([0o700, 0o700]);
  });

  it('closes a data directory an earlier version left open, and everything below it', () => {
    const dir = path.join(parent, 'data');
    fs.mkdirSync(path.join(dir, 'files', 'blobs'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'kv.db'), 'x', { mode: 0o644 });
    fs.writeFileSync(path.join(dir, 'files', 'blobs', 'a.png'), 'x', { mode: 0o664 });
    fs.writeFileSync(path.join(dir, 'files', 'owner-only'), 'x', { mode: 0o400 });
    for (const d of [dir, path.join(dir, 'files'), path.join(dir, 'files', 'blobs')]) fs.chmodSync(d, 0o755);

    preparePrivateDataDir(dir);

    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'files'))).toBe(0o700);
    expect(mode(path.join(dir, 'files', 'blobs'))).toBe(0o700);
    expect(mode(path.join(dir, 'kv.db'))).toBe(0o600);
    expect(mode(path.join(dir, 'files', 'blobs', 'a.png'))).toBe(0o600);
    expect(mode(path.join(dir, 'files', 'owner-only'))).toBe(0o400);
  });
});
