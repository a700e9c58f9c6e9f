import { inflateSync } from 'node:zlib';
import { ErrorCode, MemberGroup, type Reply, Subject } from '@quire/proto';
import { type ContextApp, testCaller } from '@quire/testing';
import { BlobStorage } from '@quire/platform';
import { ExportJobService } from '../src/job/export-job.service';
import { bootExportApp, ExportWorld, failure, fileNames, headings, paragraphs, part, tableCells, type User } from './export.factory';

const API_PAGE = `# Get user

Returns **one user** by id, *quickly*, ~~slowly~~ and \`GET /user\`. See [the guide](https://example.com/guide).

| Parameter | Required | Type | Description |
|:---|:---:|---|---|
| uid | yes | int | The user's id |
| fields | no | string | Comma-separated |

\`\`\`json
{ "uid": 1, "name": "Ada" }
\`\`\`

1. First step
2. Second step
   - nested bullet
     1. deep number

- [x] written
- [ ] reviewed

> A quoted remark
> > nested deeper

---

Done.`;

/** A PNG's size and how many of its pixels are dark (8-bit RGB or RGBA, as Chromium writes its screenshots). */
function png(data: Buffer): { width: number; height: number; dark: number } {
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const channels = data[25] === 6 ? 4 : 3;
  const chunks: Buffer[] = [];
  for (let at = 8; at < data.length;) {
    const length = data.readUInt32BE(at);
    if (data.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(data.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const rows: Buffer[] = [];
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? row[x - channels] : 0;
      const up = previous[x];
      const corner = x >= channels ? previous[x - channels] : 0;
      const base = left + up - corner;
      const paeth = Math.abs(base - left) <= Math.abs(base - up) && Math.abs(base - left) <= Math.abs(base - corner) ? left : Math.abs(base - up) <= Math.abs(base - corner) ? up : corner;
      const add = [0, left, up, (left + up) >> 1, paeth][filter] ?? 0;
      row[x] = (row[x] + add) & 0xff;
    }
    rows.push(row);
    previous = row;
  }
  let dark = 0;
  for (const row of rows) for (let x = 0; x < stride; x += channels) if (row[x] + row[x + 1] + row[x + 2] < 300) dark += 1;
  return { width, height, dark };
}

describe(ExportJobService.name, () => {
  let ctx: ContextApp;
  let world: ExportWorld;
  let owner: User;

  beforeAll(async () => {
    ctx = await bootExportApp();
    world = new ExportWorld(ctx);
    owner = await world.user();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  describe('Word rendering', () => {
    it('writes a title page, a table of contents and catalogs and pages as numbered headings in menu order', async () => {
      const itemId = await world.item(owner, 'Payments API', 'Everything about payments');
      const api = await world.catalog(owner, itemId, 'API', 0, 2);
      const admin = await world.catalog(owner, itemId, 'Admin', 0, 1);
      const users = await world.catalog(owner, itemId, 'Users', api);
      await world.page(owner, itemId, 'Overview', 'Hello', { s_number: 5 });
      await world.page(owner, itemId, 'Intro', 'First', { s_number: 1 });
      await world.page(owner, itemId, 'Get user', API_PAGE, { cat_id: users });
      await world.page(owner, itemId, 'Errors', 'None', { cat_id: api });
      await world.page(owner, itemId, 'Settings', 'Some', { cat_id: admin });

      const { zip, reply } = await world.exported(owner, { item_id: itemId });

      expect(reply.blob).toEqual({
        key: expect.stringMatching(/^exports\/[a-f0-9]{24}\.docx$/),
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        filename: 'Payments API.docx',
        inline: false,
      });
      expect(headings(zip)).toEqual(['1: 1 Intro', '1: 2 Overview', '1: 3 Admin', '2: 3.1 Settings', '1: 4 API', '2: 4.1 Errors', '2: 4.2 Users', '3: 4.2.1 Get user', '4: Get user']);
      const text = paragraphs(zip);
      expect(text.slice(0, 3)).toEqual(['Payments API', 'Everything about payments', expect.stringMatching(/^Exported \d{4}-/)]);
      expect(text).toContain('Contents');
      // The table of contents is filled in already, linking to the headings, inside a TOC field Word updates
      // (headings 1–4: a fourth-level page is listed); the headings use Word's own heading styles (its navigation pane).
      const xml = part(zip, 'word/document.xml');
      expect(xml).toMatch(/<w:instrText[^>]*>TOC \\h \\o &quot;1-4&quot;<\/w:instrText>/);
      expect(part(zip, 'word/styles.xml')).toMatch(/<w:style w:type="paragraph" w:styleId="Heading1">/);
      expect(xml).toMatch(/<w:hyperlink [^>]*w:anchor="_Toc_quire_8"[^>]*>(?:(?!<\/w:hyperlink>)[\s\S])*4\.2\.1 Get user/);
      expect(xml).toContain('<w:bookmarkStart w:id="100008" w:name="_Toc_quire_8"/><w:r><w:t xml:space="preserve">4.2.1 Get user</w:t>');
    });

    it('renders the Markdown faithfully: inline styles, links, tables, code, nested and task lists, quotes and rules', async () => {
      const itemId = await world.item(owner, 'Rendering');
      await world.page(owner, itemId, 'Get user', API_PAGE);

      const { zip } = await world.exported(owner, { item_id: itemId });

      const xml = part(zip, 'word/document.xml');
      expect(xml).toMatch(/<w:r><w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">one user<\/w:t><\/w:r>/);
      expect(xml).toMatch(/<w:i\/><w:iCs\/><\/w:rPr><w:t xml:space="preserve">quickly<\/w:t>/);
      expect(xml).toMatch(/<w:strike\/><\/w:rPr><w:t xml:space="preserve">slowly<\/w:t>/);
      expect(xml).toMatch(/<w:rFonts w:ascii="Consolas"[^>]*\/>(?:(?!<\/w:r>)[\s\S])*GET \/user/);
      expect(xml).toMatch(/<w:hyperlink r:id="(rIdQuire\d+)"[^>]*><w:r><w:rPr><w:rStyle w:val="Hyperlink"\/><\/w:rPr><w:t xml:space="preserve">the guide/);
      const rels = part(zip, 'word/_rels/document.xml.rels');
      expect(rels).toContain('Target="https://example.com/guide" TargetMode="External"');
      expect(tableCells(zip)).toEqual([
        ['Parameter', 'Required', 'Type', 'Description'],
        ['uid', 'yes', 'int', "The user's id"],
        ['fields', 'no', 'string', 'Comma-separated'],
      ]);
      expect(xml).toContain('<w:tblHeader/>');
      // The code block is coloured as the reader colours it (highlight.js, the reader's palette): keys green, numbers blue.
      const code = /<w:p><w:pPr><w:pStyle w:val="QuireCode"\/>(?:(?!<\/w:p>)[\s\S])*<\/w:p>/.exec(xml)?.[0] ?? '';
      expect([...code.matchAll(/<w:t xml:space="preserve">([^<]*)<\/w:t>/g)].map((m) => m[1]).join('')).toBe('{ &quot;uid&quot;: 1, &quot;name&quot;: &quot;Ada&quot; }');
      expect(code).toMatch(/<w:color w:val="0E700E"\/><\/w:rPr><w:t xml:space="preserve">&quot;uid&quot;<\/w:t>/);
      expect(code).toMatch(/<w:color w:val="0F548C"\/><\/w:rPr><w:t xml:space="preserve">1<\/w:t>/);
      const text = paragraphs(zip);
      expect(text).toEqual(expect.arrayContaining(['First step', 'Second step', 'nested bullet', 'deep number', '☑ written', '☐ reviewed', 'A quoted remark', 'nested deeper', 'Done.']));
      expect(xml).toMatch(/<w:numPr><w:ilvl w:val="2"\/><w:numId w:val="\d+"\/><\/w:numPr>(?:(?!<\/w:p>)[\s\S])*deep number/);
      expect(xml).toMatch(/<w:pStyle w:val="QuireQuote"\/>(?:(?!<\/w:p>)[\s\S])*nested deeper/);
      expect(xml).toContain('<w:pBdr><w:bottom w:val="single"');
      const numbering = part(zip, 'word/numbering.xml');
      expect(numbering).toContain('<w:numFmt w:val="bullet"/>');
      expect(numbering).toContain('<w:numFmt w:val="decimal"/>');
    });

    it('writes Chinese items with the East Asian font set and zh-CN language', async () => {
      const itemId = await world.item(owner, '接口文档', '支付系统的接口说明');
      const catalog = await world.catalog(owner, itemId, '用户模块');
      await world.page(owner, itemId, '获取用户', '## 请求参数\n\n| 参数名 | 必选 | 说明 |\n|---|---|---|\n| 用户编号 | 是 | 用户的唯一标识 |\n\n```\n返回 = 成功\n```', { cat_id: catalog });

      const { zip, reply } = await world.exported(owner, { item_id: itemId });

      expect(reply.blob?.filename).toBe('接口文档.docx');
      expect(headings(zip)).toEqual(['1: 1、用户模块', '2: 1.1、获取用户', '4: 请求参数']);
      expect(tableCells(zip)).toEqual([
        ['参数名', '必选', '说明'],
        ['用户编号', '是', '用户的唯一标识'],
      ]);
      expect(paragraphs(zip)).toEqual(expect.arrayContaining(['接口文档', '支付系统的接口说明', '返回 = 成功']));
      const styles = part(zip, 'word/styles.xml');
      expect(styles).toMatch(/w:eastAsia="Microsoft YaHei"/);
      expect(styles).toMatch(/<w:lang [^>]*w:eastAsia="zh-CN"/);
    });

    it('embeds pasted images, and links external ones', async () => {
      const itemId = await world.item(owner, 'Pictures');
      const pasted = await world.image(owner, itemId);
      await world.page(owner, itemId, 'Screens', `![login screen](${pasted.url})\n\nAgain ![same](${pasted.url})\n\n![logo](https://cdn.example.com/logo.png)`);

      const { zip } = await world.exported(owner, { item_id: itemId });

      expect(fileNames(zip).filter((name) => name.startsWith('word/media/'))).toEqual(['word/media/quire-image-1.png']);
      expect(Buffer.from(zip['word/media/quire-image-1.png'])).toEqual(await world.bytes({ $reply: true, blob: { key: pasted.key, contentType: '', filename: '', inline: false } }));
      const xml = part(zip, 'word/document.xml');
      expect(xml.match(/<wp:inline/g)).toHaveLength(2);
      expect(xml).toContain('descr="login screen"');
      expect(part(zip, '[Content_Types].xml')).toContain('Extension="png"');
      expect(part(zip, 'word/_rels/document.xml.rels')).toContain('Target="https://cdn.example.com/logo.png" TargetMode="External"');
    });

    it("draws Mermaid diagrams and formulas as pictures from the reader's renderer, keeping an invalid diagram's source", async () => {
      const itemId = await world.item(owner, 'Figures');
      await world.page(
        owner,
        itemId,
        'Flow',
        'Energy is $E=mc^2$ in the text.\n\n$$\n\\int_0^1 x^2 \\, dx = \\frac{1}{3}\n$$\n\n```mermaid\ngraph TD\n  Placed --> Shipped\n```\n\n```mermaid\nnot a diagram {{\n```',
      );

      const { zip } = await world.exported(owner, { item_id: itemId });

      const media = fileNames(zip).filter((name) => name.startsWith('word/media/'));
      expect(media).toHaveLength(3);
      const xml = part(zip, 'word/document.xml');
      expect(xml.match(/<wp:inline/g)).toHaveLength(3);
      expect(xml).toContain('descr="E=mc^2"');
      expect(xml).toContain('descr="graph TD');
      const text = paragraphs(zip).join('\n');
      expect(text).toContain('Energy is  in the text.');
      expect(text).not.toContain('Placed --> Shipped');
      expect(text).not.toContain('\\frac');
      expect(text).toContain('not a diagram {{');
      // Each picture is a PNG with something drawn on it: the inline formula wider than tall, the diagram taller.
      const pictures = media.map((name) => png(Buffer.from(zip[name])));
      for (const picture of pictures) expect(picture.dark).toBeGreaterThan(20);
      const sizes = [...xml.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>[\s\S]*?descr="([^"]*)"/g)].map((m) => ({ descr: m[3].split('\n')[0], wide: Number(m[1]) > Number(m[2]) }));
      expect(sizes).toEqual([
        { descr: 'E=mc^2', wide: true },
        { descr: expect.stringContaining('\\int_0^1'), wide: true },
        { descr: 'graph TD', wide: false },
      ]);
    });

    it('links an image missing from storage instead of failing the export', async () => {
      const itemId = await world.item(owner, 'Lost');
      const pasted = await world.image(owner, itemId);
      await ctx.app.get(BlobStorage).delete(pasted.key);
      await world.page(owner, itemId, 'Broken', `![diagram](${pasted.url}) and ![elsewhere](/img/x.png)`);

      const { zip } = await world.exported(owner, { item_id: itemId });

      expect(fileNames(zip).some((name) => name.startsWith('word/media/'))).toBe(false);
      expect(paragraphs(zip)).toContain('Image not available: diagram and Image not available: elsewhere');
    });

    it('exports one catalog with its sub-catalogs, named after it', async () => {
      const itemId = await world.item(owner, 'Manual');
      const guide = await world.catalog(owner, itemId, 'Guide');
      const advanced = await world.catalog(owner, itemId, 'Advanced', guide);
      await world.page(owner, itemId, 'Outside', 'not exported');
      await world.page(owner, itemId, 'Start', 'begin', { cat_id: guide });
      await world.page(owner, itemId, 'Tuning', 'fast', { cat_id: advanced });

      const { zip, reply } = await world.exported(owner, { item_id: itemId, cat_id: guide });

      expect(reply.blob?.filename).toBe('Manual - Guide.docx');
      expect(headings(zip)).toEqual(['1: 1 Start', '1: 2 Advanced', '2: 2.1 Tuning']);
      expect(paragraphs(zip)).toContain('Catalog: Guide');
      expect(paragraphs(zip)).not.toContain('not exported');
    });

    it('writes a valid document saying so for an item without pages', async () => {
      const itemId = await world.item(owner, 'Empty');

      const { zip } = await world.exported(owner, { item_id: itemId });

      expect(paragraphs(zip)).toContain('This item has no pages yet.');
      expect(headings(zip)).toEqual([]);
    });

    it('exports broken Markdown as the text it is', async () => {
      const itemId = await world.item(owner, 'Broken');
      const broken =
        '```js\nunclosed fence\n\n| a | b\n|--\n**bold never closed [link](\n' + '>'.repeat(200) + ' deep quote\n' + '- '.repeat(100) + 'deep list\n\u0001\u0002 control \uD800 lone';
      await world.page(owner, itemId, 'Chaos', broken);
      await world.page(owner, itemId, 'After', 'still here');

      const { zip } = await world.exported(owner, { item_id: itemId });

      expect(headings(zip)).toEqual(['1: 1 Chaos', '1: 2 After']);
      expect(paragraphs(zip).join('\n')).toContain('unclosed fence');
      expect(paragraphs(zip)).toContain('still here');
    });

    it('exports Markdown built to make the parser slow as its text, in pieces that parse quickly', async () => {
      // Issue 14's fuzz: one piece of 100 KB of `*a` held the export (and an embedded server) for two minutes.
      const itemId = await world.item(owner, 'Slow');
      await world.page(owner, itemId, 'Emphasis', '*a'.repeat(50_000));
      await world.page(owner, itemId, 'Brackets', `${'['.repeat(30_000)}${']'.repeat(30_000)}`);
      await world.page(owner, itemId, 'Table', `| A | B |\n|---|---|\n| ${'*x'.repeat(10_000)} | \\| kept |\n\n| no table |\n|-${' '.repeat(300_000)}x`);
      await world.page(owner, itemId, 'After', 'still here');

      const { zip } = await world.exported(owner, { item_id: itemId });

      expect(headings(zip)).toEqual(['1: 1 Emphasis', '1: 2 Brackets', '1: 3 Table', '1: 4 After']);
      const text = paragraphs(zip).join('');
      expect(text.split('a').length - 1).toBeGreaterThanOrEqual(50_000);
      expect(text.split('[').length - 1).toBe(30_000);
      expect(tableCells(zip)[1]).toEqual(['*x'.repeat(10_000), '| kept']);
      expect(paragraphs(zip)).toContain('still here');
    }, 60_000);

    // How long it takes is measured by `npm run bench` (bench-export), not asserted here.
    it('exports a page holding a 5 MB table, keeping its first rows with a note', async () => {
      const itemId = await world.item(owner, 'Huge');
      const rows = Array.from({ length: 160_000 }, (_, i) => `| row ${i} | value ${i} | 说明 ${i} |`);
      const table = `| A | B | C |\n|---|---|---|\n${rows.join('\n')}`;
      expect(Buffer.byteLength(table)).toBeGreaterThan(5_000_000);
      await world.page(owner, itemId, 'Big table', table);

      const { zip } = await world.exported(owner, { item_id: itemId });

      const cells = tableCells(zip);
      expect(cells[0]).toEqual(['A', 'B', 'C']);
      expect(cells[1]).toEqual(['row 0', 'value 0', '说明 0']);
      expect(cells).toHaveLength(5001);
      expect(cells[5000]).toEqual(['row 4999', 'value 4999', '说明 4999']);
      const notes = paragraphs(zip).filter((text) => text.startsWith('This '));
      expect(notes).toEqual([
        expect.stringMatching(/^This table has \d{5} rows; the first 5000 are shown here\. The full table is in the page itself\.$/),
        `This page is too long to export in full; the first 2000000 characters of ${table.length} are shown.`,
      ]);
    }, 60_000);
  });

  describe('rights', () => {
    it('refuses anonymous callers, users without the edit right and read-only members', async () => {
      const itemId = await world.item(owner, 'Private work');
      const stranger = await world.user();
      const reader = await world.user();
      await world.member(itemId, reader, MemberGroup.ReadOnly);

      expect(await failure(world.start(testCaller(), { item_id: itemId }))).toMatchObject({ code: ErrorCode.NotLoggedIn });
      expect(await failure(world.start(stranger, { item_id: itemId }))).toMatchObject({ code: ErrorCode.NoPermission, key: 'no_permission' });
      expect(await failure(world.start(reader, { item_id: itemId }))).toMatchObject({ code: ErrorCode.NoPermission, key: 'no_permission' });
      expect(await failure(world.send(Subject.ExportWordExport, stranger, { item_id: itemId }))).toMatchObject({ code: ErrorCode.NoPermission });
    });

    it('lets an edit member export', async () => {
      const itemId = await world.item(owner, 'Shared');
      await world.page(owner, itemId, 'Page', 'text');
      const editor = await world.user();
      await world.member(itemId, editor, MemberGroup.Edit);

      const { zip } = await world.exported(editor, { item_id: itemId });

      expect(headings(zip)).toEqual(['1: 1 Page']);
    });

    it('answers a missing item_id, an unknown item and a catalog of another item clearly', async () => {
      const itemId = await world.item(owner, 'Mine');
      const otherItem = await world.item(owner, 'Other');
      const foreign = await world.catalog(owner, otherItem, 'Elsewhere');

      expect(await failure(world.start(owner, {}))).toMatchObject({ code: ErrorCode.Failed, key: 'param_required', params: { name: 'item_id' } });
      expect(await failure(world.start(owner, { item_id: 999_999 }))).toMatchObject({ code: ErrorCode.Failed, key: 'page_item_not_found' });
      expect(await failure(world.start(owner, { item_id: itemId, cat_id: foreign }))).toMatchObject({ code: ErrorCode.Failed, key: 'export_catalog_not_found' });
      expect(await failure(world.start(owner, { item_id: itemId, format: 'odt' }))).toMatchObject({ key: 'param_not_one_of' });
    });

    it("refuses another user's job and an unknown job", async () => {
      const itemId = await world.item(owner, 'Own');
      const { job_id } = await world.start(owner, { item_id: itemId });
      await world.finished(owner, job_id);
      const other = await world.user();

      expect(await failure(world.status(other, job_id))).toMatchObject({ code: ErrorCode.NoPermission });
      expect(await failure(world.send(Subject.ExportJobDownload, other, { job_id }))).toMatchObject({ code: ErrorCode.NoPermission });
      expect(await failure(world.status(owner, 'f'.repeat(24)))).toMatchObject({ code: ErrorCode.Failed, key: 'export_job_not_found' });
    });
  });

  describe('export/word', () => {
    it('waits for the job and answers the file as a download', async () => {
      const itemId = await world.item(owner, 'Direct');
      await world.page(owner, itemId, 'Only page', 'Body text');

      const reply = await world.send<Reply>(Subject.ExportWordExport, owner, { item_id: String(itemId), cat_id: '0' });

      expect(reply.blob).toMatchObject({ filename: 'Direct.docx', inline: false });
      expect((await world.bytes(reply)).subarray(0, 2).toString()).toBe('PK');
    });
  });
});
