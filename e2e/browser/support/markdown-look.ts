import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { BrowserVisitor } from './browser-session';
import { WEB_DIST } from './ensure-web-build';

/** A page with each thing the reader and the editor's preview must draw alike. */
export const LOOK_MARKDOWN = [
  '# Rendering',
  '',
  '| Name | Value |',
  '| --- | --- |',
  '| alpha | 1 |',
  '| beta | 2 |',
  '',
  '- [x] done',
  '- [ ] todo',
  '',
  '> A quoted line',
  '',
  'Read [the guide](https://example.com/guide) first.',
  '',
  '```js',
  '// the answer',
  'const answer = 42;',
  '```',
  '',
  '```mermaid',
  'graph TD',
  '  Start --> Stop',
  '```',
].join('\n');

/** What a reader sees of LOOK_MARKDOWN, as computed styles (colours as `rgb(…)`), and contrasts against the background. */
export interface MarkdownLook {
  tableBorder: string;
  headerBackground: string;
  codeBackground: string;
  keywordColor: string;
  plainCodeColor: string;
  taskListStyle: string;
  checkboxes: number;
  quoteBorder: string;
  quoteColor: string;
  linkColor: string;
  /** WCAG contrast of the link against the background it sits on. */
  linkContrast: number;
  /** WCAG contrast of a code comment against the code block's background. */
  commentContrast: number;
  /** The table's frame and the code block (not the diagram): regions the keyboard reaches (tabindex 0) and a screen reader names. */
  scrollRegions: number;
  /** The diagram's arrow line and the arrow head against the background they sit on. */
  arrowContrast: number;
  arrowHeadContrast: number;
}

/** Waits until LOOK_MARKDOWN is fully drawn inside `scope` (highlighted code, the diagram), then reads its look. */
export async function readMarkdownLook(scope: Locator): Promise<MarkdownLook> {
  await scope.locator('pre code .hljs-keyword', { hasText: 'const' }).waitFor();
  await scope.locator('pre code .hljs-comment').waitFor();
  // A vertical arrow has no width: attached, not "visible".
  await scope.locator('.bytemd-mermaid svg .flowchart-link').first().waitFor({ state: 'attached' });
  return scope.evaluate((root) => {
    const style = (selector: string) => {
      const element = root.querySelector(selector);
      if (!element) throw new Error(`${selector} is not drawn`);
      return getComputedStyle(element);
    };
    const parse = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (colour: string) => {
      const [r, g, b] = parse(colour).map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return Math.round(((high + 0.05) / (low + 0.05)) * 100) / 100;
    };
    /** The first opaque background behind an element. */
    const backgroundOf = (element: Element | null): string => {
      for (let node = element; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        const alpha = parse(colour)[3];
        if (colour !== 'transparent' && alpha !== 0) return colour;
      }
      return 'rgb(255, 255, 255)';
    };
    const cell = style('td');
    const link = root.querySelector('a[href="https://example.com/guide"]');
    const arrow = root.querySelector('.bytemd-mermaid svg .flowchart-link');
    const head = root.querySelector('.bytemd-mermaid svg marker path');
    if (!link || !arrow || !head) throw new Error('the link or the diagram is not drawn');
    const quote = style('blockquote');
    return {
      tableBorder: `${cell.borderTopWidth} ${cell.borderTopStyle} ${cell.borderTopColor}`,
      headerBackground: style('th').backgroundColor,
      codeBackground: style('pre').backgroundColor,
      keywordColor: style('pre code .hljs-keyword').color,
      plainCodeColor: style('pre code').color,
      taskListStyle: style('.contains-task-list').listStyleType,
      checkboxes: root.querySelectorAll('.task-list-item input[type=checkbox]').length,
      quoteBorder: `${quote.borderLeftWidth} ${quote.borderLeftStyle} ${quote.borderLeftColor}`,
      quoteColor: quote.color,
      linkColor: getComputedStyle(link).color,
      linkContrast: contrast(getComputedStyle(link).color, backgroundOf(link)),
      commentContrast: contrast(style('pre code .hljs-comment').color, backgroundOf(root.querySelector('pre code .hljs-comment'))),
      scrollRegions: [...root.querySelectorAll<HTMLElement>('[role="region"]')].filter(
        (region) => region.tabIndex === 0 && Boolean(region.getAttribute('aria-label')) && (region.tagName === 'PRE' || region.querySelector(':scope > table')),
      ).length,
      arrowContrast: contrast(getComputedStyle(arrow).stroke, backgroundOf(root)),
      arrowHeadContrast: contrast(getComputedStyle(head).fill, backgroundOf(root)),
    };
  });
}

/** The look both screens must have, whatever the theme: borders, highlighting, task lists, quotes, readable links and arrows. */
export function expectReadableLook(look: MarkdownLook): void {
  expect(look.tableBorder).toMatch(/^1px solid rgb/);
  expect(look.keywordColor).not.toBe(look.plainCodeColor);
  expect(look.taskListStyle).toBe('none');
  expect(look.checkboxes).toBe(2);
  expect(look.quoteBorder).toMatch(/^4px solid rgb/);
  expect(look.linkContrast).toBeGreaterThanOrEqual(4.5);
  expect(look.commentContrast).toBeGreaterThanOrEqual(4.5);
  expect(look.scrollRegions).toBe(2);
  expect(look.arrowContrast).toBeGreaterThanOrEqual(3);
  expect(look.arrowHeadContrast).toBeGreaterThanOrEqual(3);
}

/** Chooses the theme before the app's scripts run (the header's theme button stores the same choice). */
export async function chooseTheme(visitor: BrowserVisitor, theme: 'light' | 'dark'): Promise<void> {
  await visitor.context.addInitScript((name) => window.localStorage.setItem('quire_theme', name), theme);
}

/** The editor's preview: beside the text on a wide screen, behind its tab (the second) on a phone. */
export async function showPreview(page: Page): Promise<Locator> {
  const preview = page.locator('.bytemd-preview');
  if (!(await preview.isVisible())) await page.locator('.bytemd-toolbar-tab').nth(1).click();
  await preview.waitFor();
  return preview;
}

/**
 * Records which modules of the web app the page downloads, by their source path in Vite's
 * manifest (`../node_modules/mermaid/dist/mermaid.core.mjs`, `src/app/routes/…`).
 */
export function watchModules(page: Page): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const byFile = new Map(Object.entries(manifest).map(([source, chunk]) => [`/${chunk.file}`, source]));
  const loaded: string[] = [];
  page.on('request', (request) => {
    const source = byFile.get(new URL(request.url()).pathname);
    if (source) loaded.push(source);
  });
  return loaded;
}

/**
 * Shows `page` in Chinese as a site whose server speaks Chinese would (`LANGUAGE=zh-cn`): the site settings it reads
 * at start name that language. The app under test keeps its own server language for everything else.
 */
export async function serveInChinese(page: Page): Promise<void> {
  await page.route('**/api/common/homePageSetting', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, language: 'zh-cn' } } });
  });
}
