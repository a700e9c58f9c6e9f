import type { RegularItemInfo } from '@quire/proto';
import { describeWith } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { documentRoutes, PETSTORE_YAML } from '../scenarios/api-import.scenario';
import { type DocumentServer, startDocumentServer } from '../src/document-server';
import { BrowserVisitor, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * The API description import from the new-item screen in a real browser (issue 19): an uploaded OpenAPI YAML file and
 * a URL the server fetches (from a local server on 127.0.0.8, allowed through HTTP_PROXY_ALLOW_HOSTS) become items whose
 * generated pages the reader shows; an invalid document and a refused address say why. Screenshots go to
 * e2e/artifacts/screenshots/.
 */
const PASSWORD = 'api-import-pass-1';
const OWNER = `apidocs${Date.now() % 100000}`;
const STEP_TIMEOUT_MS = 60_000;
jest.setTimeout(120_000);

describeWith({ binary: 'chromium' }, 'web app in a real browser: API description import', () => {
  const ALLOWED = '127.0.0.8';
  let quire: QuireApp;
  let browser: Browser;
  let owner: BrowserVisitor;
  let documents: DocumentServer;

  beforeAll(async () => {
    documents = await startDocumentServer(ALLOWED, documentRoutes());
    quire = await startQuire(await ensureWebBuilt(), { HTTP_PROXY_ALLOW_HOSTS: ALLOWED });
    browser = await launchChromium();
    owner = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'api-import');
    owner.context.setDefaultTimeout(STEP_TIMEOUT_MS);
    await registerThroughApi(owner, quire, OWNER, PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await owner?.close();
    await browser?.close();
    await quire?.close();
    await documents?.close();
  });

  const importedItem = async (): Promise<RegularItemInfo> => {
    await owner.page.waitForURL(/\/\d+$/);
    return callApi<RegularItemInfo>(owner, 'item/info', { item_id: Number(new URL(owner.page.url()).pathname.slice(1)) });
  };

  it('imports an uploaded OpenAPI document from the new-item screen and shows its generated pages; an invalid one says where', async () => {
    await owner.visit('/item/add');
    const card = owner.page.getByTestId('import-api');
    await card.getByText('Import an API description').waitFor();
    const chooser = card.locator('input[type=file]');
    const broken = PETSTORE_YAML.replace("'405':\n          description: Invalid input", "'abc':\n          description: Invalid input");
    await chooser.setInputFiles({ name: 'broken.yaml', mimeType: 'application/yaml', buffer: Buffer.from(broken) });
    await card
      .getByRole('alert')
      .getByText(/^The document is not valid at \/paths\/~1pet\/post\/responses\/abc \(line \d+\): ADDITIONAL PROPERTY/)
      .waitFor();
    await card.scrollIntoViewIfNeeded();
    await owner.screenshot('api-import-refused');

    await chooser.setInputFiles({ name: 'petstore.yaml', mimeType: 'application/yaml', buffer: Buffer.from(PETSTORE_YAML) });
    const item = await importedItem();
    expect(item.item_name).toBe('Swagger Petstore');
    expect(item.menu.catalogs.map((catalog) => catalog.cat_name)).toEqual(['pet', 'store', 'user']);
    const findPet = item.menu.catalogs[0].pages.find((page) => page.page_title === 'Find pet by ID');
    await owner.visit(`/${item.item_id}?page_id=${findPet?.page_id}`);
    await owner.page.getByRole('cell', { name: 'petId', exact: true }).first().waitFor();
    await owner.page.getByText('Returns a single pet').waitFor();
    await owner.screenshot('api-import-page');
  });

  it('imports from a URL the server fetches, and refuses an address it was not told to allow', async () => {
    await owner.visit('/item/add');
    const card = owner.page.getByTestId('import-api');
    await card.locator('input[name=api_url]').fill('http://127.0.0.9:9/openapi.json');
    await card.getByRole('button', { name: 'Import from URL' }).click();
    await card
      .getByRole('alert')
      .getByText(/^The server does not send requests to 127\.0\.0\.9:9 \(127\.0\.0\.9\)/)
      .waitFor();
    await card.scrollIntoViewIfNeeded();
    await owner.screenshot('api-import-url-refused');

    await card.locator('input[name=api_url]').fill(`${documents.url}/shop.postman.json`);
    await card.getByRole('button', { name: 'Import from URL' }).click();
    const item = await importedItem();
    expect(item.item_name).toBe('Shop API');
    expect(item.menu.catalogs.map((catalog) => catalog.cat_name)).toEqual(['Orders', 'Customers']);
    await owner.page.getByTestId('menu-page').filter({ hasText: 'Health check' }).click();
    await owner.page.getByText('https://shop.example.com/health').waitFor();
    await owner.screenshot('api-import-url');
  });
});
