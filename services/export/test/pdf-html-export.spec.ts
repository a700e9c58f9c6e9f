import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getConfig } from '@quire/config';
import { ErrorCode, JobName, type Reply, Subject } from '@quire/proto';
import { type ContextApp, findBinary } from '@quire/testing';
import { chromium } from 'playwright-core';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { CHROMIUM_ARGS } from '../src/render/render-session';
import { RENDER_BATCH } from '../src/render/rendered-item';
import { bootExportApp, ExportWorld, failure, fileNames, openZip, part, type User } from './export.factory';

/** What the checks below call in the page (this suite compiles without the DOM's types). */
type BrowserWindow = { getComputedStyle(element: unknown): { borderTopStyle: string } };

const CHROMIUM = findBinary('chromium') ?? '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(__dirname, '..', '..', '..', 'e2e', 'artifacts', 'screenshots');

const TABLE_PAGE = `Orders are listed **newest first**. 这是中文说明，订单按时间排序。

| Field | Type | 说明 |
|---|---|---|
| order_id | int | 订单编号 |
| amount | decimal | 金额 |

\`\`\`json
{ "order_id": 7, "paid": true }
\`\`\`

$$E=mc^2$$

\`\`\`mermaid
graph TD
  Placed --> Shipped
\`\`\`
`;

/** A poppler tool's output (Debian's poppler-utils, installed by .ci/run). */
function poppler(tool: string, ...args: string[]): string {
  return execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** The PDF's bookmarks as `page: title` lines, read with pdftohtml -xml (poppler 22's pdfinfo has no outline option). */
function bookmarks(file: string): string[] {
  const xml = poppler('pdftohtml', '-xml', '-i', '-stdout', '-q', file);
  return [...xml.matchAll(/<item page="(\d+)">([^<]*)<\/item>/g)].map((m) => `${m[1]}: ${m[2].replace(/&amp;/g, '&')}`);
}

function pageText(file: string, page: number): string {
  return poppler('pdftotext', '-layout', '-f', String(page), '-l', String(page), file, '-');
}

describe("PDF and HTML exports (the reader's renderer in headless Chromium)", () => {
  let ctx: ContextApp;
  let world: ExportWorld;
  let owner: User;
  let dir: string;

  beforeAll(async () => {
    const renderer = path.join(getConfig().http.webDist, 'export-render.html');
    if (!fs.existsSync(renderer)) throw new Error(`${renderer} is missing: run npm run build:web first`);
    ctx = await bootExportApp({ consumes: [JobName.ExportPdf, JobName.ExportHtml, JobName.SweepExports] });
    world = new ExportWorld(ctx);
    owner = await world.user();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-pdf-html-'));
  });

  afterAll(async () => {
    await ctx?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** start → wait → download: the file's bytes and the reply naming it. */
  async function exported(format: 'pdf' | 'html', params: Record<string, number>): Promise<{ bytes: Buffer; reply: Reply }> {
    const { job_id } = await world.start(owner, { ...params, format });
    const status = await world.finished(owner, job_id, [], 90_000);
    if (status.state !== 'completed') throw new Error(`export failed: ${status.error}`);
    const reply = await world.send<Reply>(Subject.ExportJobDownload, owner, { job_id });
    return { bytes: await world.bytes(reply), reply };
  }

  async function sampleItem(): Promise<{ itemId: number; orders: number; refunds: number; image: string }> {
    const itemId = await world.item(owner, 'Shop API', 'Orders and refunds 订单与退款');
    const catalog = await world.catalog(owner, itemId, '订单模块');
    const { url } = await world.image(owner, itemId);
    const orders = await world.page(owner, itemId, 'List orders', `${TABLE_PAGE}\n![receipt](${url})\n\n![gone](/server/index.php?s=/api/attachment/visitFile&sign=${'0'.repeat(32)})`, {
      cat_id: catalog,
    });
    const refunds = await world.page(owner, itemId, '退款', `# 规则\n\n退款在七天内完成。See [the orders](/page/${orders}).`, { cat_id: catalog });
    await world.page(owner, itemId, 'Intro', 'Welcome to the shop.', { s_number: 1 });
    return { itemId, orders, refunds, image: url };
  }

  it("prints a PDF with a cover, numbered contents, bookmarks, the reader's rendering and embedded Chinese fonts", async () => {
    const { itemId, orders } = await sampleItem();

    const { bytes, reply } = await exported('pdf', { item_id: itemId });

    expect(reply.blob).toEqual({ key: expect.stringMatching(/^exports\/[a-f0-9]{24}\.pdf$/), contentType: 'application/pdf', filename: 'Shop API.pdf', inline: false });
    const file = path.join(dir, 'shop.pdf');
    fs.writeFileSync(file, bytes);
    const info = poppler('pdfinfo', file);
    expect(info).toMatch(/^Title:\s+Shop API$/m);
    const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(4);

    // Cover, then the contents with the page each heading is on.
    expect(pageText(file, 1)).toMatch(/Shop API[\s\S]*Orders and refunds\s+订单与退款[\s\S]*Exported \d{4}-/);
    const contents = pageText(file, 2);
    expect(contents).toContain('Contents');
    const marks = bookmarks(file);
    expect(marks).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\d+: 1 Intro$/),
        expect.stringMatching(/^\d+: 2、订单模块$/),
        expect.stringMatching(/^\d+: 2\.1 List orders$/),
        expect.stringMatching(/^\d+: 2\.2、退款$/),
      ]),
    );
    for (const [title, pattern] of [
      ['1 Intro', /1 Intro[ .]*\s(\d+)\s*$/m],
      ['2.1 List orders', /2\.1 List orders[ .]*\s(\d+)\s*$/m],
      // pdftotext spaces out the full-width comma of a Chinese heading.
      ['2.2、退款', /2\.2\s*、退款[ .]*\s(\d+)\s*$/m],
    ] as const) {
      const listed = Number(pattern.exec(contents)?.[1]);
      const marked = Number(marks.find((mark) => mark.endsWith(`: ${title}`))?.split(':')[0]);
      expect({ title, listed }).toEqual({ title, listed: marked });
      expect(pageText(file, listed).replace(/\s+、/g, '、')).toContain(title);
    }
    // The page's own heading is a bookmark nested under the page.
    expect(marks).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+: 规则$/)]));

    const all = poppler('pdftotext', '-layout', file, '-');
    expect(all).toContain('这是中文说明，订单按时间排序。');
    expect(all).toMatch(/order_id\s+int\s+订单编号/);
    expect(all).toContain('"order_id": 7');
    // Mermaid drew its diagram (the labels, not the source); KaTeX its formula.
    expect(all).toMatch(/Placed[\s\S]*Shipped/);
    expect(all).not.toContain('graph TD');
    expect(all).not.toContain('$$');
    expect(all).toMatch(/E\s*=\s*mc/);
    expect(all).toContain('Image not available: gone');
    // Page numbers in the footer, the item's name in the header.
    expect(pageText(file, 3)).toMatch(new RegExp(`3\\s*/\\s*${pages}`));
    expect(pageText(file, 3)).toContain('Shop API');
    // The link to another page is a link inside the document.
    expect(poppler('pdfinfo', '-dests', file)).toContain(`page-${orders}`);
    // Every font is embedded. Chromium (Skia) embeds Noto CJK's CFF outlines as Type 3 fonts, with their Unicode map (the text above was extracted).
    const fonts = poppler('pdffonts', file).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line).toMatch(/\s+yes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
    expect(fonts.join('\n')).toMatch(/Type 3\s+Custom\s+yes\s+no\s+yes/);
  }, 120_000);

  it('prints an item longer than one part (RENDER_BATCH pages) as one PDF: contents, bookmarks, page numbers and links span the parts', async () => {
    const itemId = await world.item(owner, 'Long manual');
    const count = RENDER_BATCH + 5;
    const ids: number[] = [];
    for (let index = count; index >= 2; index--) {
      const heading = index === count ? '# Last words\n\n' : '';
      ids[index] = await world.page(owner, itemId, `Page ${index}`, `${heading}Body of page ${index}, 第 ${index} 页。`, { s_number: index });
    }
    ids[1] = await world.page(owner, itemId, 'Page 1', `Go to [the last page](/page/${ids[count]}).`, { s_number: 1 });

    const { bytes } = await exported('pdf', { item_id: itemId });

    const file = path.join(dir, 'long.pdf');
    fs.writeFileSync(file, bytes);
    const pages = Number(/^Pages:\s+(\d+)$/m.exec(poppler('pdfinfo', file))?.[1]);
    expect(pages).toBeGreaterThan(count);
    const marks = bookmarks(file);
    const contents = poppler('pdftotext', '-layout', '-f', '2', '-l', String(pages), file, '-');
    for (const index of [1, 2, RENDER_BATCH, RENDER_BATCH + 1, count]) {
      const title = `${index} Page ${index}`;
      const marked = Number(marks.find((mark) => mark.endsWith(`: ${title}`))?.split(':')[0]);
      const listed = Number(new RegExp(`^\\s*${title}[ .]*\\s(\\d+)\\s*$`, 'm').exec(contents)?.[1]);
      expect({ title, listed }).toEqual({ title, listed: marked });
      expect(pageText(file, marked).replace(/\s+/g, ' ')).toContain(index === 1 ? 'Go to the last page.' : `Body of page ${index}, 第 ${index} 页。`);
      // The footer counts on across the parts: "page / total".
      expect(pageText(file, marked)).toMatch(new RegExp(`\\b${marked}\\s*/\\s*${pages}\\b`));
    }
    const last = Number(marks.find((mark) => mark.endsWith(`: ${count} Page ${count}`))?.split(':')[0]);
    expect(marks).toContain(`${last}: Last words`);
    // The contents' lines and page 1's link to the last page (another part) lead to the page they name.
    const pdf = await PDFDocument.load(bytes);
    const pageIndex = new Map(pdf.getPages().map((page, index) => [page.ref.toString(), index + 1]));
    const dests = pdf.catalog.lookup(PDFName.of('Dests'), PDFDict);
    const target = (name: PDFName): number | undefined => pageIndex.get(String(dests.lookup(name, PDFArray).get(0)));
    const links = (page: number): number[] =>
      (
        pdf
          .getPage(page - 1)
          .node.lookupMaybe(PDFName.of('Annots'), PDFArray)
          ?.asArray() ?? []
      ).flatMap((ref) => {
        const dest = pdf.context.lookup(ref, PDFDict).get(PDFName.of('Dest'));
        return dest instanceof PDFName ? [target(dest) ?? -1] : [];
      });
    const first = Number(marks.find((mark) => mark.endsWith(': 1 Page 1'))?.split(':')[0]);
    expect(links(first)).toEqual([last]);
    const second = Number(marks.find((mark) => mark.endsWith(': 2 Page 2'))?.split(':')[0]);
    expect(links(2)).toEqual(expect.arrayContaining([first, second]));
    expect(links(2).every((page) => page > 2 && page <= pages)).toBe(true);
  }, 180_000);

  it('packs an offline HTML site whose pages, images, links and search work from file://', async () => {
    const { itemId, orders, refunds, image } = await sampleItem();

    const { bytes, reply } = await exported('html', { item_id: itemId });

    expect(reply.blob?.filename).toBe('Shop API.zip');
    const zip = openZip(bytes);
    const names = fileNames(zip);
    expect(names).toEqual(
      expect.arrayContaining(['index.html', `pages/page-${orders}.html`, `pages/page-${refunds}.html`, 'assets/quire.css', 'assets/site.js', 'assets/site-data.js', 'assets/site.css']),
    );
    const sign = /sign=([a-f0-9]{32})/.exec(image)?.[1] ?? '';
    expect(names).toContain(`files/${sign}.png`);
    const ordersHtml = part(zip, `pages/page-${orders}.html`);
    expect(ordersHtml).toContain(`src="../files/${sign}.png"`);
    expect(ordersHtml).toContain('class="hljs');
    expect(ordersHtml).toContain('class="katex');
    expect(ordersHtml).toMatch(/<svg[^>]*id="quire-mermaid/);
    expect(ordersHtml).toContain('Image not available: gone');
    expect(part(zip, `pages/page-${refunds}.html`)).toContain(`href="page-${orders}.html"`);
    // KaTeX's fonts travel with the stylesheet.
    expect(names.some((name) => /^assets\/KaTeX_Main-Regular.*\.woff2$/.test(name))).toBe(true);

    const site = path.join(dir, 'site');
    for (const name of names) {
      fs.mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
      fs.writeFileSync(path.join(site, name), zip[name]);
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(pathToFileURL(path.join(site, 'pages', `page-${orders}.html`)).href);
      // The menu of the whole item, the current page marked.
      await expect(page.locator('#site-menu a').allTextContents()).resolves.toEqual(['1 Intro', '2.1 List orders', '2.2、退款']);
      await expect(page.locator('#site-menu a[aria-current="page"]').textContent()).resolves.toBe('2.1 List orders');
      // The reader's stylesheet applies: the table has its borders; the image was loaded from the zip.
      await expect(
        page
          .locator('.markdown-body td')
          .first()
          .evaluate((cell: unknown) => (globalThis as unknown as BrowserWindow).getComputedStyle(cell).borderTopStyle),
      ).resolves.toBe('solid');
      await expect(
        page
          .locator('.markdown-body img')
          .first()
          .evaluate((img: unknown) => (img as { naturalWidth: number }).naturalWidth),
      ).resolves.toBe(2);
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'export-html-site-desktop.png') });
      // Chinese search from file://, then following the result.
      await page.locator('#site-search').fill('七天');
      await expect(page.locator('#site-results a').allTextContents()).resolves.toEqual([expect.stringContaining('2.2、退款')]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'export-html-site-search-zh.png') });
      await page.locator('#site-results a').first().click();
      await page.waitForURL(/page-\d+\.html$/);
      expect(page.url()).toContain(`page-${refunds}.html`);
      await page.locator('#site-search').fill('newest first');
      await expect(page.locator('#site-results a strong').allTextContents()).resolves.toEqual(['2.1 List orders']);
      await page.locator('#site-search').fill('nothing like this');
      await expect(page.locator('#site-results').textContent()).resolves.toBe('No page matches');
      // The link between pages works offline.
      await page.goto(pathToFileURL(path.join(site, 'pages', `page-${refunds}.html`)).href);
      await page.getByRole('link', { name: 'the orders' }).click();
      await page.waitForURL(new RegExp(`page-${orders}\\.html$`));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(pathToFileURL(path.join(site, 'index.html')).href);
      await expect(page.locator('.site-cover').textContent()).resolves.toContain('Orders and refunds 订单与退款');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'export-html-site-mobile.png') });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('exports an empty item with a note, and refuses a catalog of another item at once', async () => {
    const empty = await world.item(owner, 'Empty');
    const { bytes } = await exported('pdf', { item_id: empty });
    const file = path.join(dir, 'empty.pdf');
    fs.writeFileSync(file, bytes);
    expect(poppler('pdftotext', file, '-')).toContain('This item has no pages yet.');

    const other = await world.item(owner, 'Other');
    const foreign = await world.catalog(owner, other, 'Elsewhere');
    const refused = await failure(world.start(owner, { item_id: empty, cat_id: foreign, format: 'html' }));
    expect(refused).toMatchObject({ code: ErrorCode.Failed, key: 'export_catalog_not_found' });
    const { zip } = { zip: openZip((await exported('html', { item_id: empty })).bytes) };
    expect(part(zip, 'index.html')).toContain('This item has no pages yet.');
  }, 120_000);

  it('fails a PDF job with a clear reason, and no server path, when the web build lacks the renderer', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-no-web-'));
    const bare = await bootExportApp({ consumes: [JobName.ExportPdf], env: { WEB_DIST: empty } });
    try {
      const bareWorld = new ExportWorld(bare);
      const user = await bareWorld.user();
      const itemId = await bareWorld.item(user, 'Plain');
      await bareWorld.page(user, itemId, 'One', 'text');
      const { job_id } = await bareWorld.start(user, { item_id: itemId, format: 'pdf' });
      const status = await bareWorld.finished(user, job_id, [], 30_000);
      expect(status).toMatchObject({ state: 'failed', error: 'PDF and HTML exports are not available on this server (its web build lacks the export renderer); export as Word or Markdown' });
    } finally {
      await bare.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});
