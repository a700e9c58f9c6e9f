import { attachmentLinks } from './markdown-exporter';

describe(attachmentLinks.name, () => {
  const sign = 'a'.repeat(32);

  it('finds the attachment links of images, links and bare URLs, up to what ends a link', () => {
    const markdown = [
      `![shot](/server/index.php?s=/api/attachment/visitFile&sign=${sign})`,
      `[spec](https://docs.example.com/server/index.php?s=/api/attachment/VISITFILE&sign=${sign} "title")`,
      `see <http://x/api/attachment/visitFile?sign=${sign}> or 'visitFile&sign=1'`,
    ].join('\n');

    expect(attachmentLinks(markdown)).toEqual([
      `/server/index.php?s=/api/attachment/visitFile&sign=${sign}`,
      `https://docs.example.com/server/index.php?s=/api/attachment/VISITFILE&sign=${sign}`,
      `http://x/api/attachment/visitFile?sign=${sign}`,
      'visitFile&sign=1',
    ]);
  });

  it('stops at a square bracket before the link, unless an http(s) URL holds it', () => {
    expect(attachmentLinks(`[x]visitFile&sign=${sign}`)).toEqual([`visitFile&sign=${sign}`]);
    expect(attachmentLinks(`http://[::1]:4000/api/attachment/visitFile&sign=${sign}`)).toEqual([`http://[::1]:4000/api/attachment/visitFile&sign=${sign}`]);
  });

  it('reads a megabyte of text without a link in one pass (the regular expression it replaces took minutes)', () => {
    expect(attachmentLinks('x'.repeat(1024 * 1024))).toEqual([]);
    const almost = `${'visitFil'.repeat(100_000)}e`;
    expect(attachmentLinks(almost)).toEqual([almost]);
  });
});
