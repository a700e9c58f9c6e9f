import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MenuCatalog, PageInfo, RegularItemInfo } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { parse } from 'yaml';
import type { SystemTarget } from '../src/system-target';
import { solveCaptcha } from './auth-flow.scenario';

const EXAMPLES = join(require.resolve('@readme/oas-examples/package.json'), '..');
const PETSTORE_20 = readFileSync(join(EXAMPLES, '2.0/json/petstore.json'), 'utf8');
const PETSTORE_31 = readFileSync(join(EXAMPLES, '3.1/json/petstore.json'), 'utf8');
const POSTMAN = readFileSync(join(__dirname, '../../services/import/test/fixtures/shop.postman_collection.json'), 'utf8');

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** The parts of an OpenAPI document the tests read. */
interface OpenApi {
  openapi: string;
  info: Record<string, unknown>;
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, { tags?: string[]; parameters?: unknown[]; requestBody?: { content: Record<string, { schema?: unknown }> } }>>;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * The OpenAPI export (issue 19) over HTTP: `GET /api/export/openapi` answers an item's or a catalog's generated pages
 * as an OpenAPI 3.1 download (JSON or YAML) that imports back into the same operations; pages written by hand are
 * left out; the export right is the other exports' (a reader without it is refused, a visitor must log in).
 */
export function describeApiExport(system: () => SystemTarget): void {
  let owner: ApiClient;

  const register = async (prefix: string): Promise<{ client: ApiClient; username: string }> => {
    const client = new ApiClient(system().baseUrl);
    const username = `${prefix}${Date.now() % 1_000_000}`;
    const vCode = await solveCaptcha(system(), client);
    ok(await client.post('/api/user/register', { username, password: 'pass-1234', confirm_password: 'pass-1234', v_code: vCode }));
    return { client, username };
  };
  const upload = async (text: string, name: string, params: Record<string, number> = {}): Promise<number> => {
    const form = new FormData();
    for (const [key, value] of Object.entries(params)) form.append(key, String(value));
    form.append('file', new Blob([text]), name);
    return ok((await owner.request('/api/importSwagger/import', { method: 'POST', body: form })).json<ApiEnvelope<{ item_id: number }>>()).item_id;
  };
  const info = async (itemId: number): Promise<RegularItemInfo> => ok(await owner.post<RegularItemInfo>('/api/item/info', { item_id: itemId }));
  const operationsOf = (document: OpenApi): string[] =>
    Object.entries(document.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();

  beforeAll(async () => {
    owner = (await register('apiexport')).client;
  });

  it('downloads an imported item as OpenAPI 3.1 JSON that imports back into the same operations, parameters and schemas', async () => {
    const itemId = await upload(PETSTORE_20, 'petstore.json');
    const response = await owner.request(`/api/export/openapi?item_id=${itemId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.oai.openapi+json');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.openapi\.json"/);
    const document = response.json<OpenApi>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Swagger Petstore', version: '1.0.0' });
    expect(document.tags?.map((tag) => tag.name)).toEqual(['pet', 'store', 'user']);
    expect(operationsOf(document)).toHaveLength(20);
    expect(document.paths['/pet/{petId}'].get.parameters).toEqual([
      { name: 'petId', in: 'path', required: true, description: 'ID of pet to return', schema: { type: 'integer', format: 'int64' } },
    ]);
    expect(document.paths['/pet'].post.requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(Object.keys(document.components?.schemas ?? {}).sort()).toEqual(['ApiResponse', 'Category', 'Order', 'Pet', 'Tag', 'User']);

    // Imported again, the export is the same document.
    const again = await upload(JSON.stringify(document), 'exported.json');
    const second = (await owner.request(`/api/export/openapi?item_id=${again}`)).json<OpenApi>();
    expect(second.paths).toEqual(document.paths);
    expect(second.components).toEqual(document.components);
  });

  it('exports one catalog as YAML; pages written by hand and moved pages follow the menu', async () => {
    const itemId = await upload(PETSTORE_31, 'petstore.json');
    const item = await info(itemId);
    const store = item.menu.catalogs.find((catalog: MenuCatalog) => catalog.cat_name === 'store')!;
    ok(await owner.post('/api/page/save', { item_id: itemId, cat_id: store.cat_id, page_title: 'Notes', page_content: 'Written by hand.' }));
    const response = await owner.request(`/api/export/openapi?item_id=${itemId}&cat_id=${store.cat_id}&format=yaml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/yaml');
    const document = parse(response.text()) as OpenApi;
    expect(document.openapi).toBe('3.1.0');
    expect(operationsOf(document)).toEqual(['DELETE /store/order/{orderId}', 'GET /store/inventory', 'GET /store/order/{orderId}', 'POST /store/order']);
    expect(document.tags).toEqual([{ name: 'store', description: 'Access to Petstore orders' }]);

    // A page moved to another catalog takes that catalog's name as its tag.
    const pet = item.menu.catalogs.find((catalog: MenuCatalog) => catalog.cat_name === 'pet')!;
    const moved = pet.pages.find((page) => page.page_title === 'Finds Pets by status')!;
    const page = ok(await owner.post<PageInfo>('/api/page/info', { page_id: moved.page_id }));
    ok(await owner.post('/api/page/save', { item_id: itemId, page_id: page.page_id, cat_id: store.cat_id, page_title: page.page_title, page_content: page.page_content }));
    const after = (await owner.request(`/api/export/openapi?item_id=${itemId}&cat_id=${store.cat_id}`)).json<OpenApi>();
    expect(after.paths['/pet/findByStatus'].get.tags).toEqual(['store']);
  });

  it("exports what was imported into a catalog of an existing item with that import's info and schemas; Postman paths as OpenAPI writes them", async () => {
    const itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Platform' })).item_id;
    const apis = ok(await owner.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: 'APIs' }));
    await upload(PETSTORE_31, 'petstore.json', { item_id: itemId, cat_id: apis.cat_id });
    const document = (await owner.request(`/api/export/openapi?item_id=${itemId}&cat_id=${apis.cat_id}`)).json<OpenApi>();
    expect(document.info).toMatchObject({ title: 'Swagger Petstore' });
    expect(operationsOf(document)).toHaveLength(20);
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(expect.arrayContaining(['Pet', 'Order', 'User']));

    const shop = ok(await owner.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: 'Shop' }));
    const form = new FormData();
    form.append('item_id', String(itemId));
    form.append('cat_id', String(shop.cat_id));
    form.append('file', new Blob([POSTMAN]), 'shop.postman.json');
    ok((await owner.request('/api/importPostman/import', { method: 'POST', body: form })).json<ApiEnvelope<{ item_id: number }>>());
    const postman = (await owner.request(`/api/export/openapi?item_id=${itemId}&cat_id=${shop.cat_id}`)).json<OpenApi>();
    expect(operationsOf(postman)).toEqual(['GET /health', 'GET /v1/customers/7', 'POST /v1/orders', 'POST /v1/orders/{order_id}/refunds']);
    expect(postman.info).toMatchObject({ title: 'Shop API' });
  });

  it('refuses readers without the export right, visitors, unknown catalogs and formats', async () => {
    const itemId = await upload(PETSTORE_31, 'petstore.json');
    const reader = await register('apireader');
    ok(await owner.post('/api/member/save', { item_id: itemId, username: reader.username, member_group_id: 0 }));
    expect((await reader.client.request(`/api/export/openapi?item_id=${itemId}`)).json<ApiEnvelope>()).toMatchObject({ error_code: 10103 });
    const visitor = new ApiClient(system().baseUrl);
    expect((await visitor.request(`/api/export/openapi?item_id=${itemId}`)).json<ApiEnvelope>()).toMatchObject({ error_code: 10102 });
    expect((await owner.request(`/api/export/openapi?item_id=${itemId}&cat_id=999999`)).json<ApiEnvelope>()).toMatchObject({ error_code: 10101 });
    expect((await owner.request(`/api/export/openapi?item_id=${itemId}&format=xml`)).json<ApiEnvelope>()).toMatchObject({ error_code: 10101 });
  });

  it('answers an item without generated pages with an empty document', async () => {
    const itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Handbook' })).item_id;
    ok(await owner.post('/api/page/save', { item_id: itemId, page_title: 'Intro', page_content: 'Hello' }));
    const document = (await owner.request(`/api/export/openapi?item_id=${itemId}`)).json<OpenApi>();
    expect(document).toEqual({ openapi: '3.1.0', info: { title: 'Handbook', version: '1.0.0' }, paths: {} });
  });
}
