import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG } from '@quire/platform';
import { attachmentSignOf, type Caller, escapeHtml, type ExportRenderedPage, translate, unescapeHtml } from '@quire/proto';
import { ExportSource, flattenOutline } from '../content/export-source';
import { ExportTexts } from '../content/export-texts';
import type { LoadedItem } from '../content/loaded-item';
import { ZipWriter } from '../markdown/zip-writer';
import { pageAnchor, RenderedItem } from '../render/rendered-item';
import { SITE_SCRIPT, SITE_STYLES } from './site-assets';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
};
/** `href="…"` and `src="…"` as the browser serialises them (double quotes, `&amp;`). */
const LINK_ATTRIBUTE = /\b(href|src)="([^"]*)"/g;
const PAGE_LINK = /(?:\/page\/|[?&]page_id=)(\d+)(?![\d])/;
const CSS_URL = /url\(\s*(["']?)([^"')]+)\1\s*\)/g;

interface MenuEntry {
  kind: 'catalog' | 'page';
  anchor: string;
  heading: string;
  level: number;
}

/**
 * An item (or one catalog) as an offline site in a zip: `index.html` (cover and contents), one page per
 * file under `pages/` drawn by the reader's renderer in headless Chromium (its HTML and stylesheet as
 * the reader shows them), the menu on every page, links between exported pages and to attachments made
 * relative, images and attachments under `files/`, and a search box that works from `file://` (a
 * prebuilt index in `assets/site-data.js`).
 */
@Injectable()
export class HtmlExporter {
  private readonly logger = new Logger(HtmlExporter.name);

  constructor(
    private readonly rendered: RenderedItem,
    private readonly source: ExportSource,
    private readonly texts: ExportTexts,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  async render(caller: Caller, item: LoadedItem, progress: (done: number, total: number) => Promise<void>): Promise<Buffer> {
    const zip = new ZipWriter();
    const menu: MenuEntry[] = [];
    let catalogs = 0;
    for (const entry of flattenOutline(item.outline)) {
      const anchor = entry.kind === 'page' ? pageAnchor(entry.page_id) : `catalog-${++catalogs}`;
      menu.push({ kind: entry.kind, anchor, heading: this.texts.heading(entry.number, entry.kind === 'page' ? entry.title : entry.name), level: entry.level });
    }
    const headings = new Map(menu.map((entry) => [entry.anchor, entry.heading]));
    const exported = new Set(menu.filter((entry) => entry.kind === 'page').map((entry) => entry.anchor));
    const files = new Map<string, string | null>();
    const search: { a: string; t: string; x: string }[] = [];
    const document = this.rendered.document(item, false);
    const session = await this.rendered.open(caller);
    let wrappers: string[] = [];
    try {
      await session.start(document);
      const tabs = await this.rendered.tabs(session);
      await Promise.all(tabs.slice(1).map((tab) => tab.start(document)));
      await this.rendered.render(
        caller,
        item,
        tabs,
        async (tab) => {
          await tab.settle();
          return { tab, pages: await tab.takePages() };
        },
        async ({ tab, pages }, done, total) => {
          // The styles once a batch is drawn: a grammar's or a formula's styles load with their first use.
          if (wrappers.length === 0 && pages.length > 0) wrappers = await this.writeStyles(zip, tab);
          for (const page of pages) {
            const html = await this.localLinks(caller, zip, page, exported, files);
            const heading = headings.get(page.anchor) ?? '';
            zip.file(`pages/${page.anchor}.html`, this.pageFile(item, document.lang, wrappers, page.anchor, heading, html));
            search.push({ a: page.anchor, t: heading, x: page.text });
          }
          await progress(done, total);
        },
      );
      if (wrappers.length === 0) wrappers = await this.writeStyles(zip, session);
    } finally {
      await session.close();
    }
    const language = this.config.language;
    const texts = this.texts.render(item.outline.cat_name);
    const data = { name: item.name, menu, search, texts: { noResults: translate('export_site_no_results', language) } };
    zip.file('assets/site-data.js', `window.QUIRE_SITE = ${JSON.stringify(data).replace(/</g, '\\u003c')};\n`);
    zip.file('assets/site.js', SITE_SCRIPT);
    zip.file('assets/site.css', SITE_STYLES);
    const contents = menu
      .map((entry) =>
        entry.kind === 'page'
          ? `<li style="margin-left:${(entry.level - 1) * 1.5}em"><a href="pages/${entry.anchor}.html">${escapeHtml(entry.heading)}</a></li>`
          : `<li style="margin-left:${(entry.level - 1) * 1.5}em"><strong>${escapeHtml(entry.heading)}</strong></li>`,
      )
      .join('\n');
    const cover = [
      `<h1 class="quire-export-heading">${escapeHtml(item.name)}</h1>`,
      ...[texts.catalog, ...item.description.split(/\r?\n/).filter((line) => line.trim() !== ''), texts.exported].filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`),
      `<h2 class="quire-export-heading">${escapeHtml(texts.contents)}</h2>`,
      menu.length === 0 ? `<p>${escapeHtml(texts.empty)}</p>` : `<ul style="list-style:none;padding:0">\n${contents}\n</ul>`,
    ].join('\n');
    zip.file('index.html', this.frame(item, document.lang, wrappers, '', '', item.name, `<div class="site-cover">${cover}</div>`));
    return zip.finish();
  }

  /**
   * The renderer's styles as `assets/quire.css`, with the fonts they name (built under `assets/export-render/`, see
   * web/vite.export-render.config.ts) copied beside it; returns the wrapper classes.
   */
  private async writeStyles(zip: ZipWriter, session: { styles(): Promise<{ css: string; wrappers: string[] }> }): Promise<string[]> {
    const { css, wrappers } = await session.styles();
    const assets = new Set<string>();
    const local = css.replace(CSS_URL, (whole, _quote: string, url: string) => {
      const match = /^(?:https:\/\/export\.quire\.invalid)?\/assets\/export-render\/([\w.-]+)$/.exec(url);
      if (!match) return whole;
      assets.add(match[1]);
      return `url("${match[1]}")`;
    });
    for (const name of assets) {
      try {
        zip.file(`assets/${name}`, await readFile(path.join(this.config.http.webDist, 'assets', 'export-render', name)));
      } catch (error) {
        this.logger.warn(`The renderer's asset ${name} cannot be read (${(error as Error).message}); the site goes without it`);
      }
    }
    zip.file('assets/quire.css', local);
    return wrappers;
  }

  /** The page's links and images: exported pages and attachments made relative, attachments copied under `files/`. */
  private async localLinks(caller: Caller, zip: ZipWriter, page: ExportRenderedPage, exported: ReadonlySet<string>, files: Map<string, string | null>): Promise<string> {
    const urls = new Set<string>();
    for (const match of page.html.matchAll(LINK_ATTRIBUTE)) {
      const url = unescapeHtml(match[2]);
      if (attachmentSignOf(url) && !files.has(attachmentSignOf(url))) urls.add(url);
    }
    if (urls.size > 0) {
      for (const [url, file] of await this.source.images(caller, [...urls])) {
        const sign = attachmentSignOf(url);
        if (files.has(sign)) continue;
        if (!file) {
          files.set(sign, null);
          continue;
        }
        const name = `files/${sign}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
        zip.file(name, file.data);
        files.set(sign, name);
      }
    }
    return page.html.replace(LINK_ATTRIBUTE, (whole, attribute: string, value: string) => {
      const url = unescapeHtml(value);
      const sign = attachmentSignOf(url);
      const file = sign ? files.get(sign) : undefined;
      if (file) return `${attribute}="../${file}"`;
      const linked = attribute === 'href' && !url.startsWith('#') ? PAGE_LINK.exec(url) : null;
      if (linked && exported.has(pageAnchor(Number(linked[1])))) return `href="${pageAnchor(Number(linked[1]))}.html"`;
      return whole;
    });
  }

  private pageFile(item: LoadedItem, lang: string, wrappers: string[], anchor: string, heading: string, html: string): string {
    return this.frame(
      item,
      lang,
      wrappers,
      '../',
      anchor,
      `${heading} - ${item.name}`,
      `<article><h1 class="quire-export-heading">${escapeHtml(heading)}</h1><div class="markdown-body">${html}</div></article>`,
    );
  }

  /** A whole HTML file: the reader's wrappers, the header with the search box, the menu and `main`. */
  private frame(item: LoadedItem, lang: string, wrappers: string[], root: string, anchor: string, title: string, main: string): string {
    const searchLabel = translate('export_site_search', this.config.language);
    const open = wrappers.map((className) => `<div class="${escapeHtml(className)}">`).join('');
    const close = '</div>'.repeat(wrappers.length);
    return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${root}assets/quire.css">
<link rel="stylesheet" href="${root}assets/site.css">
</head>
<body data-root="${root}" data-page="${anchor}">
${open}
<header class="site-header"><a class="site-name" href="${root}index.html">${escapeHtml(item.name)}</a><div class="site-search"><input id="site-search" type="search" placeholder="${escapeHtml(searchLabel)}" aria-label="${escapeHtml(searchLabel)}" autocomplete="off"><div id="site-results" hidden></div></div></header>
<div class="site-layout"><nav id="site-menu" aria-label="${escapeHtml(item.name)}"></nav><main id="site-main">${main}</main></div>
${close}
<script src="${root}assets/site-data.js"></script>
<script src="${root}assets/site.js"></script>
</body>
</html>
`;
  }
}
