import { strFromU8, unzipSync } from 'fflate';
import { ZipWriter } from './zip-writer';

describe(ZipWriter.name, () => {
  it('writes files deflated, with an entry for every folder before the first file in it', () => {
    const sut = new ZipWriter();
    sut.folder('1 Empty catalog');
    sut.file('2 Guide/2.1 Deep/page.md', '# 深入');
    sut.file('2 Guide/intro.md', 'hello '.repeat(1000));
    sut.file('assets/a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));

    const zip = sut.finish();

    const entries = unzipSync(new Uint8Array(zip));
    expect(Object.keys(entries)).toEqual(['1 Empty catalog/', '2 Guide/', '2 Guide/2.1 Deep/', '2 Guide/2.1 Deep/page.md', '2 Guide/intro.md', 'assets/', 'assets/a.png']);
    expect(strFromU8(entries['2 Guide/2.1 Deep/page.md'])).toBe('# 深入');
    expect(strFromU8(entries['2 Guide/intro.md'])).toBe('hello '.repeat(1000));
    expect(Buffer.from(entries['assets/a.png'])).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(zip.length).toBeLessThan(1000);
  });
});
