import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportedApi, ItemListEntry, MenuCatalog, PageInfo, RegularItemInfo } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import type { SystemTarget } from '../src/system-target';
import { solveCaptcha } from './auth-flow.scenario';

const EXAMPLES = join(require.resolve('@readme/oas-examples/package.json'), '..');
export const PETSTORE_YAML = readFileSync(join(EXAMPLES, '3.0/yaml/petstore.yaml'), 'utf8');
export const PETSTORE_31_JSON = readFileSync(join(EXAMPLES, '3.1/json/petstore.json'), 'utf8');
const PETSTORE_NOTE = 'Call this with the staff token.';
const POSTMAN = readFileSync(join(__dirname, '../../services/import/test/fixtures/shop.postman_collection.json'), 'utf8');

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** The menu as a reader sees it: `[catalog, page titles, sub-catalogs]`. */
type Outline = [string, string[], Outline[]];
const outline = (catalogs: MenuCatalog[] = []): Outline[] => catalogs.map((c) => [c.cat_name, c.pages.map((p) => p.page_title), outline(c.catalogs)]);
const PET_TITLES = [
  'Add a new pet to the store',
  'Update an existing pet',
  'Finds Pets by status',
  'Finds Pets by tags',
  'Find pet by ID',
  'Updates a pet in the store with form data',
  'Deletes a pet',
  'Uploads an image',
];

/** Where the test's own document server is (allowed to the import by HTTP_PROXY_ALLOW_HOSTS), and an address it is not allowed. */
export interface ApiImportTargets {
  system: () => SystemTarget;
  /** `http://127.0.0.x:port`: serves `/petstore.json` (OpenAPI 3.1) and `/shop.postman.json`. */
  documents: () => string;
  /** The same server under an address the system does not allow. */
  refused: () => string;
}

/**
 * API descriptions imported (issue 19): ShowDoc's `importSwagger/import` and `importPostman/import` with an uploaded
 * document, Quire's `importApi/url` with a URL served by the test; the menu and the pages as a reader gets them over
 * HTTP; invalid documents and refused addresses leave nothing behind.
 */
export function describeApiImport(targets: ApiImportTargets): void {
  let owner: ApiClient;

  const register = async (prefix: string): Promise<ApiClient> => {
    const client = new ApiClient(targets.system().baseUrl);
    const username = `${prefix}${Date.now() % 1_000_000}`;
    const vCode = await solveCaptcha(targets.system(), client);
    ok(await client.post('/api/user/register', { username, password: 'pass-1234', confirm_password: 'pass-1234', v_code: vCode }));
    return client;
  };
  const upload = async (client: ApiClient, route: string, text: string, name: string, params: Record<string, number> = {}): Promise<ApiEnvelope<{ item_id: number }>> => {
    const form = new FormData();
    for (const [key, value] of Object.entries(params)) form.append(key, String(value));
    form.append('file', new Blob([text]), name);
    return (await client.request(route, { method: 'POST', body: form })).json<ApiEnvelope<{ item_id: number }>>();
  };
  const info = async (itemId: number): Promise<RegularItemInfo> => ok(await owner.post<RegularItemInfo>('/api/item/info', { item_id: itemId }));
  const pageInfo = async (pageId: number | string): Promise<PageInfo> => ok(await owner.post<PageInfo>('/api/page/info', { page_id: pageId }));
  const pageNamed = (catalogs: MenuCatalog[], title: string): number => {
    for (const catalog of catalogs) {
      const page = catalog.pages.find((candidate) => candidate.page_title === title);
      if (page) return Number(page.page_id);
      const inner = pageNamed(catalog.catalogs ?? [], title);
      if (inner) return inner;
    }
    return 0;
  };
  const itemCount = async (): Promise<number> => ok(await owner.post<ItemListEntry[]>('/api/item/myList')).length;

  beforeAll(async () => {
    owner = await register('apidoc');
  });

  it('makes an uploaded OpenAPI YAML document a new item: a catalog per tag, a page per operation laid out like the API template', async () => {
    const reply = await upload(owner, '/api/importSwagger/import', PETSTORE_YAML, 'petstore.yaml');

    expect(reply).toEqual({ error_code: 0, data: { item_id: expect.any(Number) } });
    const item = await info(reply.data!.item_id);
    expect(item.item_name).toBe('Swagger Petstore');
    expect(item.menu.pages).toEqual([]);
    expect(outline(item.menu.catalogs).map(([name, pages]) => [name, pages.length])).toEqual([
      ['pet', 8],
      ['store', 4],
      ['user', 8],
    ]);
    expect(outline(item.menu.catalogs)[0][1]).toEqual(PET_TITLES);
    const page = await pageInfo(pageNamed(item.menu.catalogs, 'Add a new pet to the store'));
    expect(page.page_content).toContain('**Request URL:**\n- `http://petstore.swagger.io/v2/pet`');
    expect(page.page_content).toContain('**Method:**\n- POST');
    expect(page.page_content).toContain('|tags[].name|no|string| |');
    expect(page.page_content).toContain('- **405** Invalid input');
    expect(page.page_content).toContain('**Security:**\n\n- petstore_auth (oauth2; scopes: write:pets, read:pets)');
    expect(page.api_operation).toMatchObject({ method: 'POST', path: '/pet', operation_id: 'addPet', source: { format: 'openapi', version: '3.0.0', origin: 'petstore.yaml' } });

    // A person's edit keeps the page's operation; a page written by hand has none.
    ok(await owner.post('/api/page/save', { page_id: page.page_id, item_id: page.item_id, cat_id: page.cat_id, page_title: page.page_title, page_content: `${PETSTORE_NOTE}\n` }));
    expect(await pageInfo(page.page_id)).toMatchObject({ page_content: `${PETSTORE_NOTE}\n`, api_operation: { operation_id: 'addPet' } });
    const own = ok(await owner.post<{ page_id: number }>('/api/page/save', { item_id: page.item_id, page_title: 'Notes', page_content: 'by hand' }));
    expect((await pageInfo(own.page_id)).api_operation).toBeUndefined();
  });

  it('adds a Postman collection to an item the user may edit, folders as catalogs, and refuses it to others', async () => {
    const itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Shop' })).item_id;
    const stranger = await register('stranger');
    expect(await upload(stranger, '/api/importPostman/import', POSTMAN, 'shop.json', { item_id: itemId })).toEqual({ error_code: 10103, error_message: 'No permissions' });
    expect(await upload(new ApiClient(targets.system().baseUrl), '/api/importPostman/import', POSTMAN, 'shop.json')).toMatchObject({ error_code: 10102 });

    expect(await upload(owner, '/api/importPostman/import', POSTMAN, 'shop.json', { item_id: itemId })).toEqual({ error_code: 0, data: { item_id: itemId } });

    const item = await info(itemId);
    expect(item.menu.pages.map((p) => p.page_title)).toEqual(['Health check']);
    expect(outline(item.menu.catalogs)).toEqual([
      ['Orders', ['Create order'], [['Refunds', ['Refund an order'], []]]],
      ['Customers', ['Get customer'], []],
    ]);
    const page = await pageInfo(pageNamed(item.menu.catalogs, 'Create order'));
    expect(page.page_content).toContain('|items[].price|no|number| |');
    expect(page.page_content).toContain('- **201** Created `application/json`');
    expect(page.api_operation).toMatchObject({ method: 'POST', path: '/v1/orders', operation_id: 'create-order', source: { format: 'postman', version: '2.1.0' } });
  });

  it('imports from a URL into a new item, and into a catalog of an existing item', async () => {
    const url = `${targets.documents()}/petstore.json`;
    const fresh = ok(await owner.post<ImportedApi>('/api/importApi/url', { url }));
    expect(fresh).toMatchObject({ cat_id: 0, catalogs: 3, pages: 20 });
    expect(outline((await info(fresh.item_id)).menu.catalogs).map(([name]) => name)).toEqual(['pet', 'store', 'user']);
    const page = await pageInfo(pageNamed((await info(fresh.item_id)).menu.catalogs, 'Find pet by ID'));
    expect(page.api_operation).toMatchObject({ method: 'GET', path: '/pet/{petId}', operation_id: 'getPetById', source: { format: 'openapi', version: '3.1.0', origin: url } });
    expect(page.api_operation?.spec?.parameters).toEqual([expect.objectContaining({ name: 'petId', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } })]);

    const itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Platform' })).item_id;
    const apis = ok(await owner.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: 'APIs' }));
    const shop = ok(await owner.post<ImportedApi>('/api/importApi/url', { url: `${targets.documents()}/shop.postman.json`, item_id: itemId, cat_id: apis.cat_id }));
    expect(shop).toEqual({ item_id: itemId, cat_id: apis.cat_id, catalogs: 3, pages: 4 });
    const item = await info(itemId);
    expect(outline(item.menu.catalogs)).toEqual([
      [
        'APIs',
        ['Health check'],
        [
          ['Orders', ['Create order'], [['Refunds', ['Refund an order'], []]]],
          ['Customers', ['Get customer'], []],
        ],
      ],
    ]);
    expect(item.menu.catalogs[0].catalogs?.[0].catalogs?.[0].level).toBe(4);
  });

  it('refuses a private address it was not told to allow, an unknown catalog, and an invalid document, creating nothing', async () => {
    const before = await itemCount();
    expect(await owner.post('/api/importApi/url', { url: `${targets.refused()}/petstore.json` })).toEqual({
      error_code: 10461,
      error_message: expect.stringMatching(/^The server does not send requests to 127\.0\.0\.\d+:\d+ \(127\.0\.0\.\d+\): loopback, private/),
    });
    expect(await owner.post('/api/importApi/url', { url: 'http://10.0.0.1/openapi.json' })).toMatchObject({ error_code: 10461 });
    const itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Target' })).item_id;
    expect(await owner.post('/api/importApi/url', { url: `${targets.documents()}/petstore.json`, item_id: itemId, cat_id: 999_999 })).toEqual({
      error_code: 10101,
      error_message: 'The catalog does not exist in this item',
    });

    const broken = PETSTORE_YAML.replace("'405':\n          description: Invalid input", "'abc':\n          description: Invalid input");
    const line = broken.split('\n').findIndex((candidate) => candidate.includes("'abc':")) + 1;
    expect(await upload(owner, '/api/importSwagger/import', broken, 'broken.yaml', { item_id: itemId })).toEqual({
      error_code: 10101,
      error_message: `The document is not valid at /paths/~1pet/post/responses/abc (line ${line}): ADDITIONAL PROPERTY must NOT have additional properties`,
    });
    expect(await upload(owner, '/api/importSwagger/import', '{"openapi": "3.0.0",\n  "info": }', 'cut.json')).toEqual({
      error_code: 10101,
      error_message: expect.stringMatching(/^The document cannot be read at line 2, column \d+: /),
    });
    expect(await upload(owner, '/api/importPostman/import', '{"hello": "world"}', 'other.json')).toEqual({
      error_code: 10101,
      error_message: 'The file is neither an OpenAPI (Swagger) document nor a Postman collection',
    });
    expect(await upload(owner, '/api/importSwagger/import', ' '.repeat(20 * 1024 * 1024 + 1), 'huge.json')).toEqual({
      error_code: 10101,
      error_message: 'The request is too large (at most 20 MB)',
    });
    expect(await itemCount()).toBe(before + 1);
    expect((await info(itemId)).menu).toMatchObject({ pages: [], catalogs: [] });
  });
}

/** The document server an API import test starts: the documents the scenario fetches. */
export function documentRoutes(): Record<string, string> {
  return { '/petstore.json': PETSTORE_31_JSON, '/shop.postman.json': POSTMAN };
}
