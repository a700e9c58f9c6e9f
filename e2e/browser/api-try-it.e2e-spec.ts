import { readFileSync } from 'node:fs';
import type { RegularItemInfo } from '@quire/proto';
import { describeWith } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { parse } from 'yaml';
import { PETSTORE_YAML } from '../scenarios/api-import.scenario';
import { BrowserVisitor, launchChromium, EVERY_LOOK, type ScreenLook } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { chooseTheme } from './support/markdown-look';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * "Try it" and the OpenAPI export in a real browser (issue 19): on a page imported from an API description, "Try it"
 * opens the HTTP API test tool in a new window filled with the operation's method, URL (server, path parameters
 * from examples), headers and example body — at 1280 and 390 px, light and dark, in English and Chinese; the
 * item's export screen downloads the OpenAPI 3.1 document. Screenshots go to e2e/artifacts/screenshots/.
 */
const PASSWORD = 'api-try-pass-1';
const OWNER = `apitry${Date.now() % 100000}`;
jest.setTimeout(180_000);

/** The Petstore with an example for the pet id, so "Try it" can fill the path. */
const PETSTORE = PETSTORE_YAML.replace(/(- name: petId\n\s+in: path\n\s+description: ID of pet to return\n)/, '$1          example: 10\n');

describeWith({ binary: 'chromium' }, 'web app in a real browser: "Try it" and the OpenAPI export', () => {
  let quire: QuireApp;
  let browser: Browser;
  let owner: BrowserVisitor;
  let item: RegularItemInfo;
  const pageIdOf = (title: string): number => Number(item.menu.catalogs.flatMap((catalog) => catalog.pages).find((page) => page.page_title === title)?.page_id);

  beforeAll(async () => {
    expect(PETSTORE).toContain('example: 10');
    quire = await startQuire(await ensureWebBuilt(), { LANGUAGE: 'en' });
    browser = await launchChromium();
    owner = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'api-export', { locale: 'en-US' });
    await registerThroughApi(owner, quire, OWNER, PASSWORD);
    const upload = await owner.page.request.post('/api/importSwagger/import', {
      multipart: { file: { name: 'petstore.yaml', mimeType: 'application/yaml', buffer: Buffer.from(PETSTORE) } },
      headers: { origin: quire.baseUrl },
    });
    const itemId = ((await upload.json()) as { data: { item_id: number } }).data.item_id;
    item = await callApi<RegularItemInfo>(owner, 'item/info', { item_id: itemId });
  }, 240_000);

  afterAll(async () => {
    await owner?.close();
    await browser?.close();
    await quire?.close();
  });

  const cases: ScreenLook[] = [...EVERY_LOOK, ['desktop', 'dark', 'en-US'], ['mobile', 'light', 'en-US'], ['desktop', 'light', 'zh-CN'], ['mobile', 'dark', 'zh-CN']];

  it.each(cases)('at %s, %s, %s: "Try it" opens the HTTP test tool filled with the operation', async (viewport, theme, locale) => {
    const reader = await BrowserVisitor.open(browser, quire.baseUrl, viewport, `api-try-it-${theme}-${locale}`, { locale });
    try {
      await chooseTheme(reader, theme);
      const zh = locale === 'zh-CN';
      await reader.visit(`/${item.item_id}?page_id=${pageIdOf('Add a new pet to the store')}`);
      const button = reader.page.getByTestId('page-try-it');
      await button.filter({ hasText: zh ? '在线调试' : 'Try it' }).waitFor();
      await reader.screenshot('page');

      const [tool] = await Promise.all([reader.context.waitForEvent('page'), button.click()]);
      await tool.waitForLoadState();
      await tool.locator('header').first().waitFor();
      await tool.locator('input[name=url]').waitFor();
      expect(await tool.locator('select').first().inputValue()).toBe('POST');
      const url = tool.locator('input[name=url]');
      expect(await url.inputValue()).toBe('http://petstore.swagger.io/v2/pet');
      const body = JSON.parse(await tool.locator('textarea').first().inputValue()) as Record<string, unknown>;
      expect(body).toMatchObject({ name: 'doggie', photoUrls: expect.any(Array) });
      const headerValues = await tool.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      expect(headerValues).toEqual(expect.arrayContaining(['Content-Type', 'application/json']));
      await tool.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      await tool.screenshot({ path: `${SCREENSHOTS}/api-try-it-${theme}-${locale}-${viewport}-tool.png` });
      await tool.close();

      // A path parameter with an example is filled in.
      await reader.visit(`/${item.item_id}?page_id=${pageIdOf('Find pet by ID')}`);
      const [get] = await Promise.all([reader.context.waitForEvent('page'), reader.page.getByTestId('page-try-it').click()]);
      await get.locator('header').first().waitFor();
      await get.locator('input[name=url]').waitFor();
      expect(await get.locator('select').first().inputValue()).toBe('GET');
      expect(await get.locator('input[name=url]').inputValue()).toBe('http://petstore.swagger.io/v2/pet/10');
      await get.close();
      expect(reader.pageErrors).toEqual([]);
    } finally {
      await reader.close();
    }
  });

  it('shows no "Try it" on a page written by hand', async () => {
    const page = await callApi<{ page_id: number }>(owner, 'page/save', { item_id: item.item_id, page_title: 'Read me', page_content: 'Written by hand.' });
    await owner.visit(`/${item.item_id}?page_id=${page.page_id}`);
    await owner.page.getByText('Written by hand.').waitFor();
    expect(await owner.page.getByTestId('page-try-it').count()).toBe(0);
  });

  it("downloads the item's OpenAPI 3.1 document from the export screen", async () => {
    await owner.visit(`/item/export/${item.item_id}`);
    await owner.page.getByTestId('export-openapi-yaml').click();
    await owner.page.getByText('Only pages imported from an API description are exported.').waitFor();
    await owner.screenshot('openapi');
    const [download] = await Promise.all([owner.page.waitForEvent('download'), owner.page.getByRole('button', { name: 'Export', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe('Swagger Petstore.openapi.yaml');
    const document = parse(readFileSync(await download.path(), 'utf8')) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.values(document.paths).flatMap((path) => Object.keys(path))).toHaveLength(20);
  });
});

const SCREENSHOTS = `${__dirname}/../artifacts/screenshots`;
