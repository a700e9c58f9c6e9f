import { deflateSync } from 'node:zlib';
import { strToU8 } from 'fflate';
import { prepareImport } from './prepared-import';
import { decodeEntities, planFromShowdocInfo } from './showdoc-info';

/** ShowDoc 3.9's `info.json` (Item::export): stored text HTML-escaped, older pages compressed. */
const info = {
  item_type: 1,
  item_name: 'Payments &amp; refunds',
  item_description: '支付接口',
  password: '',
  pages: {
    pages: [
      { page_title: 'Second', page_content: 'b', s_number: 2, page_comments: '' },
      { page_title: 'First &quot;one&quot;', page_content: '{&quot;a&quot;:1} &lt;b&gt;', s_number: 1, page_comments: '' },
    ],
    catalogs: [
      {
        cat_name: '订单',
        s_number: 1,
        level: 2,
        pages: [{ page_title: '查询', page_content: deflateSync(Buffer.from('压缩的内容')).toString('base64'), s_number: 99 }],
        catalogs: [
          {
            cat_name: 'Refunds',
            level: 3,
            s_number: 1,
            pages: [],
            catalogs: [
              {
                cat_name: 'v2',
                level: 4,
                s_number: 1,
                pages: [{ page_title: 'Create', page_content: 'c' }],
                catalogs: [{ cat_name: 'deeper', pages: [{ page_title: 'Hidden', page_content: 'd' }] }],
              },
            ],
          },
        ],
      },
    ],
  },
  members: [],
};

describe(planFromShowdocInfo.name, () => {
  it("reads ShowDoc's export as ShowDoc's import does: order by s_number, text unescaped and inflated, deeper catalogs flattened", () => {
    const read = planFromShowdocInfo('info.json', JSON.stringify(info));
    if (!read) throw new Error('not read');
    const { plan, texts } = read;

    expect(plan.item_name).toBe('Payments & refunds');
    expect(plan.pages.map((page) => [page.title, texts.get(page.file), page.s_number])).toEqual([
      ['First "one"', '{"a":1} <b>', 1],
      ['Second', 'b', 2],
    ]);
    const [orders] = plan.catalogs;
    expect(orders.name).toBe('订单');
    expect(texts.get(orders.pages[0].file)).toBe('压缩的内容');
    const v2 = orders.catalogs[0].catalogs[0];
    expect([orders.catalogs[0].name, v2.name, v2.catalogs]).toEqual(['Refunds', 'v2', []]);
    expect(v2.pages.map((page) => page.title)).toEqual(['Create', 'deeper/Hidden']);
  });

  it('is no ShowDoc export without its pages', () => {
    expect(planFromShowdocInfo('info.json', '{"swagger":"2.0"}')).toBeNull();
    expect(planFromShowdocInfo('info.json', 'not json')).toBeNull();
  });

  it('is what prepareImport uses for a ShowDoc export, not its .md files', () => {
    const prepared = prepareImport(
      [
        { path: 'info.json', data: strToU8(JSON.stringify(info)) },
        { path: 'First _one_.md', data: strToU8('{"a":1} <b>') },
        { path: '订单/查询.md', data: strToU8('压缩的内容') },
      ],
      [],
      'showdoc.zip',
    );

    expect(prepared.item_name).toBe('Payments & refunds');
    expect(prepared.pages.map((page) => page.title)).toEqual(['First "one"', 'Second', '查询', 'Create', 'deeper/Hidden']);
    expect(prepared.catalogs.map((catalog) => [catalog.name, catalog.level])).toEqual([
      ['订单', 2],
      ['Refunds', 3],
      ['v2', 4],
    ]);
    expect(prepared.ignored).toEqual([]);
  });
});

describe(decodeEntities.name, () => {
  it('decodes once, as PHP does', () => {
    expect(decodeEntities('&amp;lt; &#039;x&#039; &nbsp;')).toBe("&lt; 'x' &nbsp;");
  });
});
