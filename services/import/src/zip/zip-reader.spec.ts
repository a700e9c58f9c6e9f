import { strToU8, zipSync } from 'fflate';
import { AppError } from '@quire/proto';
import { readZip, safePath, type ZipLimits } from './zip-reader';

const limits: ZipLimits = { maxZipBytes: 1024 * 1024, maxEntries: 10, maxTotalBytes: 2 * 1024 * 1024, maxFileBytes: 1024 * 1024 };

function refusal(run: () => unknown): { key: string; params: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { key: error.key, params: error.params };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** A zip whose one entry's name bytes are replaced (same length) after writing, as a tool with another code page writes them. */
function zipWithRawName(placeholder: string, raw: number[]): Uint8Array {
  const zip = zipSync({ [placeholder]: strToU8('# x') });
  const needle = Buffer.from(placeholder);
  const buffer = Buffer.from(zip);
  for (let at = buffer.indexOf(needle); at >= 0; at = buffer.indexOf(needle, at + 1)) Buffer.from(raw).copy(buffer, at);
  return new Uint8Array(buffer);
}

describe(readZip.name, () => {
  it('reads files with their folders, Chinese names included, and lists folder entries', () => {
    const zip = zipSync({ '接口/': new Uint8Array(0), '接口/登录.md': strToU8('# 登录'), 'a.png': new Uint8Array([1, 2, 3]) });

    const { files, folders } = readZip(zip, limits);

    expect(files.map((file) => file.path)).toEqual(['接口/登录.md', 'a.png']);
    expect(Buffer.from(files[0].data).toString('utf8')).toBe('# 登录');
    expect(folders).toEqual(['接口']);
  });

  it('takes UTF-8 names that lack the UTF-8 flag, and refuses names in another encoding', () => {
    // "你" in UTF-8 (E4 BD A0) written without the flag, as Info-ZIP and macOS do.
    expect(readZip(zipWithRawName('abc.md', [0xe4, 0xbd, 0xa0]), limits).files[0].path).toBe('你.md');
    // "你" in GBK (C4 E3): not UTF-8.
    expect(refusal(() => readZip(zipWithRawName('ab.md', [0xc4, 0xe3]), limits))).toEqual({ key: 'import_zip_name_encoding', params: { name: '??.md' } });
  });

  it('refuses paths that leave the archive', () => {
    for (const name of ['../evil.md', 'a/../../evil.md', '/etc/passwd.md', 'C:/x.md', 'a\\..\\..\\x.md']) {
      expect(refusal(() => readZip(zipSync({ [name]: strToU8('x') }), limits)).key).toBe('import_zip_unsafe_name');
    }
  });

  it('refuses what is not a zip, too many entries, and archives that unpack past the limits before inflating them', () => {
    expect(refusal(() => readZip(strToU8('just text, no zip'), limits)).key).toBe('import_not_zip');
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, n) => [`${n}.md`, strToU8('x')]));
    expect(refusal(() => readZip(zipSync(many), limits))).toEqual({ key: 'import_zip_too_many_files', params: { max: 10 } });
    const zeros = new Uint8Array(1024 * 1024);
    expect(refusal(() => readZip(zipSync({ 'a.md': zeros, 'b.md': zeros, 'c.md': zeros }), limits))).toEqual({ key: 'import_zip_too_big_unpacked', params: { max: 2 } });
    expect(refusal(() => readZip(zipSync({ 'big.md': new Uint8Array(1024 * 1024 + 1) }), limits))).toEqual({
      key: 'import_zip_file_too_large',
      params: { name: 'big.md', max: 1 },
    });
    expect(refusal(() => readZip(new Uint8Array(1024 * 1024 + 1), limits))).toEqual({ key: 'import_zip_too_large', params: { max: 1 } });
  });

  it('refuses a truncated archive and two files whose names differ only in case', () => {
    const zip = zipSync({ 'a.md': strToU8('hello') });
    expect(refusal(() => readZip(zip.subarray(0, zip.length - 10), limits)).key).toBe('import_not_zip');
    expect(refusal(() => readZip(zipSync({ 'A.md': strToU8('1'), 'a.md': strToU8('2') }), limits))).toEqual({ key: 'import_zip_duplicate_name', params: { name: 'a.md' } });
  });
});

describe(safePath.name, () => {
  it('joins backslashes, drops empty segments and keeps the root folder as ""', () => {
    expect(safePath('docs\\guide\\a.md')).toBe('docs/guide/a.md');
    expect(safePath('docs//a.md')).toBe('docs/a.md');
    expect(safePath('docs/')).toBe('docs');
  });
});
