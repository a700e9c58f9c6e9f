import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { forgetPreviousSecretKeys, loadOrCreateSecretKeyFile, readSecretKeyFile, rotateSecretKeyFile } from './secret-key-file';

describe('secret key file', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-key-file-'));
    file = path.join(dir, 'config', 'quire.key');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const mode = (target: string) => fs.statSync(target).mode & 0o777;

  it('is created once, 0600 in a 0700 directory, and read back the same afterwards', () => {
    const created = loadOrCreateSecretKeyFile(file);

    expect(created.current).toHaveLength(32);
    expect(created.previous).toEqual([]);
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
    expect(fs.readFileSync(file, 'utf8')).toContain(created.current.toString('base64'));
    expect(loadOrCreateSecretKeyFile(file)).toEqual(created);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['quire.key']);
  });

  it('is made 0600 when found readable by others', () => {
    const created = loadOrCreateSecretKeyFile(file);
    fs.chmodSync(file, 0o644);

    expect(readSecretKeyFile(file)).toEqual(created);
    expect(mode(file)).toBe(0o600);
  });

  it('rotates: a new current key, the former ones kept as previous; then forgets them on demand', () => {
    const first = loadOrCreateSecretKeyFile(file);

    const second = rotateSecretKeyFile(file);
    const third = rotateSecretKeyFile(file);

    expect(second.previous).toEqual([first.current]);
    expect(third.previous).toEqual([second.current, first.current]);
    expect(readSecretKeyFile(file)).toEqual(third);
    expect(mode(file)).toBe(0o600);
    expect(forgetPreviousSecretKeys(file)).toEqual({ current: third.current, previous: [] });
    expect(readSecretKeyFile(file)).toEqual({ current: third.current, previous: [] });
  });

  it('names the file and line of something that is not a key, and refuses to rotate a missing file', () => {
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, '# comment\n\nnot-a-key\n');

    expect(() => readSecretKeyFile(file)).toThrow(`${file}, line 3: not a secret key`);
    expect(() => rotateSecretKeyFile(path.join(dir, 'missing.key'))).toThrow(/does not exist/);
    expect(readSecretKeyFile(path.join(dir, 'missing.key'))).toBeNull();
  });
});
