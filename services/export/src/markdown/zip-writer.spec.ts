import { readFileSync } from 'node:fs';
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

  it("writes files that fflate's streaming deflate would corrupt readable by any unzip (a KaTeX font of the HTML site)", () => {
    const font = readFileSync(require.resolve('katex/dist/fonts/KaTeX_Size1-Regular.ttf'));
    const sut = new ZipWriter();
    sut.file('KaTeX_Size1-Regular.ttf', font);

    const zip = sut.finish();

    expect(Buffer.from(unzipSync(new Uint8Array(zip))['KaTeX_Size1-Regular.ttf'])).toEqual(font);
    // Deflated (method 8 in the local header), and smaller than the font.
    expect(zip.readUInt16LE(8)).toBe(8);
    expect(zip.length).toBeLessThan(font.length);
  });
});
