import { strToU8 } from 'fflate';
import { AppError } from '@quire/proto';
import { linkPages, prepareImport } from './prepared-import';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const file = (path: string, text: string | Uint8Array) => ({ path, data: typeof text === 'string' ? strToU8(text) : text });

describe(prepareImport.name, () => {
  it('turns linked files into attachments of the first page linking them and marks pages that link pages', () => {
    let n = 0;
    const sign = () => String(++n).padStart(32, '0');
    const prepared = prepareImport(
      [
        file('guide/a.md', '![x](../img/x.png) see [b](b.md#top)'),
        file('guide/b.md', '<img src="../img/x.png"> [out](https://example.com)'),
        file('img/x.png', png),
        file('img/unused.png', png),
      ],
      [],
      'My docs.zip',
      sign,
    );

    expect(prepared.item_name).toBe('My docs');
    expect(prepared.catalogs).toEqual([{ seq: 1, parent: 0, name: 'guide', s_number: 1, level: 2 }]);
    const url = `/server/index.php?s=/api/attachment/visitFile&sign=${'1'.padStart(32, '0')}`;
    expect(
      prepared.pages.map((page) => ({ title: page.title, catalog: page.catalog, content: page.content, files: page.files.map((f) => [f.path, f.contentType]), linksPages: page.linksPages })),
    ).toEqual([
      { title: 'a', catalog: 1, content: `![x](${url}) see [b](b.md#top)`, files: [['img/x.png', 'image/png']], linksPages: true },
      { title: 'b', catalog: 1, content: `<img src="${url}"> [out](https://example.com)`, files: [], linksPages: false },
    ]);
    expect(prepared.ignored).toEqual(['img/unused.png']);
    expect(linkPages(prepared.pages[0], 7, new Map([['guide/b.md', 42]]))).toBe(`![x](${url}) see [b](/7?page_id=42#top)`);
  });

  it('refuses a page that is not UTF-8, naming it', () => {
    const gbk = new Uint8Array([0xc4, 0xe3, 0xba, 0xc3]);
    expect(() => prepareImport([file('说明.md', gbk)], [], 'x.zip')).toThrow(expect.objectContaining({ key: 'import_markdown_encoding', params: { name: '说明.md' } }) as AppError);
  });
});
