import {
  API_GENERATED_END,
  type ApiResyncJob,
  type ApiResyncPass,
  type ApiResyncSummary,
  type ApiSourceInfo,
  type ImportedApi,
  JobName,
  type ItemTokenRow,
  type MenuCatalog,
  type NoticeRow,
  type PageHistoryRow,
  type PageInfo,
  type RecycleEntry,
  type RegularItemInfo,
  type SearchResults,
} from '@quire/proto';
import type { JobQueue } from '@quire/platform';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';
import { solveCaptcha } from './auth-flow.scenario';

type Json = Record<string, unknown>;
interface TestOperation {
  tags?: string[];
  operationId: string;
  summary: string;
  deprecated?: boolean;
  parameters?: { name: string; in: string; required?: boolean; schema: Json }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
  security?: Record<string, string[]>[];
}
/** The parts of an OpenAPI document the test writes and changes. */
interface TestDocument {
  openapi: string;
  info: Json;
  servers?: Json[];
  paths: Record<string, Record<string, TestOperation>>;
  components: { schemas: Record<string, { type: string; properties: Record<string, Json> }>; securitySchemes?: Record<string, Json> };
}

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

const NOTE = 'Call it with the staff token.';

const unescape = (html: string): string =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');

/** A small OpenAPI 3.0 document the test serves and changes between re-syncs. */
function shopDocument(change: (doc: TestDocument) => void = () => undefined): string {
  const doc: TestDocument = {
    openapi: '3.0.3',
    info: { title: 'Shop', version: '1' },
    servers: [{ url: 'https://shop.example.com/v1' }],
    paths: {
      '/orders': {
        get: {
          tags: ['orders'],
          operationId: 'listOrders',
          summary: 'List orders',
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'string' } }],
          responses: { '200': { description: 'The orders', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Order' } } } } } },
        },
        post: {
          tags: ['orders'],
          operationId: 'createOrder',
          summary: 'Create an order',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
          responses: { '201': { description: 'Created' } },
        },
      },
      '/customers/{id}': {
        get: {
          tags: ['customers'],
          operationId: 'getCustomer',
          summary: 'Get a customer',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: { '200': { description: 'The customer' } },
        },
      },
    },
    components: { schemas: { Order: { type: 'object', properties: { id: { type: 'integer' }, price: { type: 'number' } } } } },
  };
  change(doc);
  return JSON.stringify(doc);
}

/** The second version: an operation added, a parameter retyped, one removed. */
const secondVersion = (doc: TestDocument) => {
  doc.paths['/orders'].get.parameters![0].schema = { type: 'integer' };
  delete doc.paths['/orders'].post;
  doc.paths['/orders/{id}'] = {
    delete: {
      tags: ['orders'],
      operationId: 'cancelOrder',
      summary: 'Cancel an order',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      responses: { '204': { description: 'Cancelled' } },
    },
  };
};

export interface ApiResyncTargets {
  system: () => SystemTarget;
  /** Where the test's document server is (allowed by HTTP_PROXY_ALLOW_HOSTS). */
  documents: () => string;
  /** The documents it serves, by path: the test changes them between re-syncs. */
  served: Record<string, string>;
  /** Where the scheduled job is added, as the scheduler adds it (the system's JobQueue adapter). */
  jobs: () => JobQueue;
}

/** Adds the scheduled re-sync job as the scheduler does and waits for its end: its result (null when no pass was due). */
async function runScheduledJob(queue: JobQueue): Promise<ApiResyncPass | null> {
  const id = await queue.add(JobName.ImportApiResync, {}, { attempts: 1 });
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    const status = await queue.getStatus(id);
    if (status?.state === 'completed') return (status.result ?? null) as ApiResyncPass | null;
    if (status?.state === 'failed') throw new Error(`the job failed: ${status.error}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the job did not end in 30 s');
}

/**
 * Re-sync of imported API descriptions (issue 19): an import from a URL the test serves, then the document changed
 * (an operation added, a parameter retyped, one removed) and re-synced by the user, by CI with the item's api_key and
 * api_token, and by the administrator's schedule: the summary answered and kept, the pages (a person's text below the
 * generated part kept), one history version per changed page, the removed page in the recycle bin, a notice to the
 * members; an unchanged document writes nothing.
 */
export function describeApiResync(targets: ApiResyncTargets): void {
  let owner: ApiClient;
  let member: ApiClient;
  let memberName: string;
  let admin: ApiClient;
  let itemId: number;

  const register = async (prefix: string): Promise<[ApiClient, string]> => {
    const client = new ApiClient(targets.system().baseUrl);
    const username = `${prefix}${Date.now() % 1_000_000}`;
    const vCode = await solveCaptcha(targets.system(), client);
    ok(await client.post('/api/user/register', { username, password: 'pass-1234', confirm_password: 'pass-1234', v_code: vCode }));
    return [client, username];
  };
  const postJson = async <T>(client: ApiClient, route: string, body: unknown) =>
    (await client.request(route, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json<ApiEnvelope<T>>();
  const serve = (text: string) => (targets.served['/shop.json'] = text);
  const url = () => `${targets.documents()}/shop.json`;
  const menu = async (): Promise<RegularItemInfo['menu']> => ok(await owner.post<RegularItemInfo>('/api/item/info', { item_id: itemId })).menu;
  const pageId = async (title: string): Promise<number> => {
    const find = (catalogs: MenuCatalog[]): number => {
      for (const catalog of catalogs) {
        const page = catalog.pages.find((candidate) => candidate.page_title === title);
        if (page) return Number(page.page_id);
        const inner = find(catalog.catalogs ?? []);
        if (inner) return inner;
      }
      return 0;
    };
    return find((await menu()).catalogs);
  };
  const titles = async (): Promise<string[]> => {
    const all: string[] = [];
    const walk = (catalogs: MenuCatalog[]) =>
      catalogs.forEach((catalog) => (all.push(...catalog.pages.map((page) => `${catalog.cat_name}/${page.page_title}`)), walk(catalog.catalogs ?? [])));
    walk((await menu()).catalogs);
    return all.sort();
  };
  /** page/info escapes the content as ShowDoc does; the page as stored. */
  const page = async (id: number): Promise<PageInfo> => {
    const info = ok(await owner.post<PageInfo>('/api/page/info', { page_id: id }));
    return { ...info, page_content: unescape(info.page_content) };
  };
  const history = async (id: number): Promise<PageHistoryRow[]> => ok(await owner.post<PageHistoryRow[]>('/api/page/history', { page_id: id }));
  const resyncs = async (): Promise<ApiResyncSummary[]> => ok(await owner.post<ApiResyncSummary[]>('/api/importApi/history', { item_id: itemId }));
  const notices = async (): Promise<NoticeRow[]> => ok(await member.post<NoticeRow[]>('/api/notice/getList', {}));
  const historyCounts = async (): Promise<number[]> => {
    const ids = [await pageId('List orders'), await pageId('Get a customer')];
    return Promise.all(ids.map(async (id) => (await history(id)).length));
  };

  beforeAll(async () => {
    [owner] = await register('resync');
    [member, memberName] = await register('reader');
    admin = new ApiClient(targets.system().baseUrl);
    ok(await admin.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
    serve(shopDocument());
    itemId = ok(await owner.post<ImportedApi>('/api/importApi/url', { url: url() })).item_id;
    ok(await owner.post('/api/member/save', { item_id: itemId, username: memberName, member_group_id: 0 }));
  });

  it('marks the generated part of each page, which the reader does not show, and an unchanged document writes nothing', async () => {
    const list = await page(await pageId('List orders'));
    expect(list.page_content).toContain('|limit|query|no|string| |');
    expect(list.page_content.endsWith(`\n\n${API_GENERATED_END}\n`)).toBe(true);
    // A person's text below the marker.
    ok(await owner.post('/api/page/save', { page_id: list.page_id, item_id: itemId, cat_id: list.cat_id, page_title: list.page_title, page_content: `${list.page_content}\n${NOTE}\n` }));
    const counts = await historyCounts();
    const noticesBefore = (await notices()).length;

    const summary = ok(await owner.post<ApiResyncSummary>('/api/importApi/resync', { item_id: itemId }));

    expect(summary).toMatchObject({ item_id: itemId, cat_id: 0, unchanged: true, added: [], changed: [], removed: [], trigger: 'user' });
    expect(await historyCounts()).toEqual(counts);
    expect((await notices()).length).toBe(noticesBefore);
    expect(await resyncs()).toEqual([]);
    // Search finds the generated pages by their text, never by the marker (`quire`, `generated`).
    const search = async (keyword: string) => ok(await owner.post<SearchResults>('/api/search/query', { keyword })).results.map((hit) => hit.page_title);
    for (const started = Date.now(); (await search('customer')).length === 0 && Date.now() - started < 10_000;) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await search('customer')).toEqual(['Get a customer']);
    expect(await search('staff token')).toEqual(['List orders']);
    expect(await search('quire')).toEqual([]);
    expect(await search('generated')).toEqual([]);
    expect(await search('api-generated-end')).toEqual([]);
    // Where the item's description comes from, for the settings screen (a member may read it).
    expect(ok(await member.post<ApiSourceInfo[]>('/api/importApi/sources', { item_id: itemId }))).toEqual([{ cat_id: 0, kind: 'url', origin: url(), synced_at: expect.any(Number) }]);
  });

  it('rewrites what changed in the document: a page added, one changed with a history version and the text below its marker kept, one to the recycle bin', async () => {
    const listId = await pageId('List orders');
    const createId = await pageId('Create an order');
    const customerId = await pageId('Get a customer');
    const [listHistory, customerHistory] = [(await history(listId)).length, (await history(customerId)).length];
    serve(shopDocument(secondVersion));

    const summary = ok(await owner.post<ApiResyncSummary>('/api/importApi/resync', { item_id: itemId }));

    expect(summary).toMatchObject({
      unchanged: false,
      trigger: 'user',
      origin: url(),
      added: [{ method: 'DELETE', path: '/orders/{id}', page_title: 'Cancel an order', page_id: expect.any(Number) }],
      changed: [{ method: 'GET', path: '/orders', page_id: listId, changes: [{ kind: 'parameter_type', name: 'query limit', from: 'string', to: 'integer' }] }],
      removed: [{ method: 'POST', path: '/orders', page_id: createId, page_title: 'Create an order' }],
    });
    expect(await titles()).toEqual(['customers/Get a customer', 'orders/Cancel an order', 'orders/List orders']);
    const list = await page(listId);
    expect(list.page_content).toContain('|limit|query|no|integer| |');
    expect(list.page_content.endsWith(`${API_GENERATED_END}\n\n${NOTE}\n`)).toBe(true);
    expect(await history(listId)).toHaveLength(listHistory + 1);
    expect((await history(listId))[0].page_content).toContain('|limit|query|no|string| |');
    expect(await history(customerId)).toHaveLength(customerHistory);
    expect((await page(summary.added[0].page_id)).api_operation).toMatchObject({ method: 'DELETE', path: '/orders/{id}' });
    expect(ok(await owner.post<RecycleEntry[]>('/api/recycle/getList', { item_id: itemId })).map((entry) => entry.page_title)).toEqual(['Create an order']);

    expect(await resyncs()).toEqual([expect.objectContaining({ trigger: 'user', added: summary.added, changed: summary.changed, removed: summary.removed })]);
    const [notice] = await notices();
    expect(notice.notice_title).toBe('API documentation re-synced: Shop');
    expect(notice.notice_content).toContain('1 operations added, 1 changed, 1 removed');
    expect(notice.notice_content).toContain('GET /orders (parameter type query limit: string → integer)');

    // The same document again: nothing.
    expect(ok(await owner.post<ApiResyncSummary>('/api/importApi/resync', { item_id: itemId }))).toMatchObject({ unchanged: true });
    expect(await resyncs()).toHaveLength(1);
  });

  it('refuses a reader and an item without a source', async () => {
    expect(await member.post('/api/importApi/resync', { item_id: itemId })).toEqual({ error_code: 10103, error_message: 'No permissions' });
    const other = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Plain' })).item_id;
    expect(await owner.post('/api/importApi/resync', { item_id: other })).toEqual({
      error_code: 10101,
      error_message: 'This item has no API description to re-sync: import one from a file or a URL first',
    });
  });

  it('re-syncs from CI with the api_key and api_token: the URL, or the document in the call', async () => {
    const key = ok(await owner.post<ItemTokenRow>('/api/item/getKey', { item_id: itemId }));
    expect(await new ApiClient(targets.system().baseUrl).post('/api/open/resyncApi', { api_key: key.api_key, api_token: 'wrong' })).toMatchObject({ error_code: 10306 });
    serve(
      shopDocument((doc) => {
        secondVersion(doc);
        doc.paths['/orders'].get.deprecated = true;
      }),
    );

    const ci = new ApiClient(targets.system().baseUrl);
    const byUrl = ok(await ci.post<ApiResyncSummary>('/api/open/resyncApi', { api_key: key.api_key, api_token: key.api_token }));

    expect(byUrl).toMatchObject({
      trigger: 'ci',
      by: 'API',
      added: [],
      removed: [],
      changed: [{ method: 'GET', path: '/orders', changes: [{ kind: 'deprecated', from: 'false', to: 'true' }] }],
    });
    expect((await page(await pageId('List orders'))).author_username).toBe('API');

    const form = new FormData();
    form.append('api_key', key.api_key);
    form.append('api_token', key.api_token);
    form.append('file', new Blob([shopDocument()]), 'shop-v1.json');
    const byFile = ok((await ci.request('/api/open/resyncApi', { method: 'POST', body: form })).json<ApiEnvelope<ApiResyncSummary>>());

    expect(byFile).toMatchObject({ trigger: 'ci', origin: 'shop-v1.json', added: [{ path: '/orders' }], removed: [{ path: '/orders/{id}' }] });
    expect(byFile.changed.map((operation) => `${operation.method} ${operation.path}`)).toEqual(['GET /orders']);
    expect(await titles()).toEqual(['customers/Get a customer', 'orders/Create an order', 'orders/List orders']);
    // The upload is now the remembered source: the same call without a document changes nothing.
    expect(ok(await ci.post<ApiResyncSummary>('/api/open/resyncApi', { api_key: key.api_key, api_token: key.api_token }))).toMatchObject({ unchanged: true, origin: 'shop-v1.json' });
  });

  it("re-syncs every URL source on the administrator's schedule (the scheduler's job), and nothing while it is off", async () => {
    // Back to the URL (the same document as the last upload: nothing to write).
    serve(shopDocument());
    expect(ok(await owner.post<ApiResyncSummary>('/api/importApi/resync', { item_id: itemId, url: url() }))).toMatchObject({ unchanged: true, origin: url() });
    const before = (await resyncs()).length;
    serve(shopDocument(secondVersion));
    expect(await runScheduledJob(targets.jobs())).toBeNull();
    expect(ok(await admin.post<ApiResyncPass>('/api/adminImport/apiResync'))).toEqual({ schedule: 'off', sources: 0, changed: 0, failed: 0 });
    expect(await owner.post('/api/adminImport/apiResync')).toMatchObject({ error_code: 10103 });
    expect(await resyncs()).toHaveLength(before);

    ok(await postJson(admin, '/api/adminSetting/saveConfig', { api_resync_schedule: 'hourly' }));
    expect(ok(await admin.post<{ api_resync_schedule: string }>('/api/adminSetting/loadConfig')).api_resync_schedule).toBe('hourly');
    const pass = await runScheduledJob(targets.jobs());

    expect(pass).toMatchObject({ schedule: 'hourly', changed: 1, failed: 0 });
    const [latest] = await resyncs();
    expect(latest).toMatchObject({ trigger: 'schedule', by: 'The schedule', added: [{ path: '/orders/{id}' }], removed: [{ path: '/orders' }] });
    expect(await resyncs()).toHaveLength(before + 1);
    expect(await titles()).toEqual(['customers/Get a customer', 'orders/Cancel an order', 'orders/List orders']);
    // The next run within the hour is not due; the console's call runs a pass at once.
    serve(shopDocument());
    expect(await runScheduledJob(targets.jobs())).toBeNull();
    expect(await resyncs()).toHaveLength(before + 1);
    expect(ok(await admin.post<ApiResyncPass>('/api/adminImport/apiResync'))).toMatchObject({ schedule: 'hourly', changed: 1, failed: 0 });
    expect(await titles()).toEqual(['customers/Get a customer', 'orders/Create an order', 'orders/List orders']);
    ok(await postJson(admin, '/api/adminSetting/saveConfig', { api_resync_schedule: 'off' }));
  });

  it('runs as a job when asked, with its progress and then its summary, for the user who started it only', async () => {
    serve(shopDocument(secondVersion));
    expect(await member.post('/api/importApi/resyncStart', { item_id: itemId })).toMatchObject({ error_code: 10103 });

    const { job_id: jobId } = ok(await owner.post<{ job_id: string }>('/api/importApi/resyncStart', { item_id: itemId }));

    let status = ok(await owner.post<ApiResyncJob>('/api/importApi/resyncStatus', { job_id: jobId }));
    for (const started = Date.now(); status.state !== 'completed' && status.state !== 'failed' && Date.now() - started < 30_000;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = ok(await owner.post<ApiResyncJob>('/api/importApi/resyncStatus', { job_id: jobId }));
    }
    expect(status).toMatchObject({
      job_id: jobId,
      state: 'completed',
      progress: 100,
      summary: { unchanged: false, trigger: 'user', added: [{ path: '/orders/{id}' }], removed: [{ path: '/orders' }] },
    });
    expect(await titles()).toEqual(['customers/Get a customer', 'orders/Cancel an order', 'orders/List orders']);
    expect(await member.post('/api/importApi/resyncStatus', { job_id: jobId })).toEqual({ error_code: 10101, error_message: 'There is no such re-sync of yours' });
  });

  it('rewrites the source record and named schemas, which the export then carries; the same content reformatted writes nothing', async () => {
    const newOrder = (doc: TestDocument) => {
      secondVersion(doc);
      doc.info.version = '2';
      doc.components.schemas.Order.properties.currency = { type: 'string', description: 'ISO 4217 code' };
      doc.components.schemas.Refund = { type: 'object', properties: { amount: { type: 'number' } } };
    };
    serve(shopDocument(newOrder));

    const summary = ok(await owner.post<ApiResyncSummary>('/api/importApi/resync', { item_id: itemId }));

    expect(summary).toMatchObject({ unchanged: false, added: [], removed: [], changed: [{ method: 'GET', path: '/orders' }] });
    type Exported = { info: Json; components?: { schemas?: Record<string, Json> }; paths: Record<string, Json> };
    const exported = (await owner.request(`/api/export/openapi?item_id=${itemId}`)).json<Exported>();
    expect(exported.info).toMatchObject({ title: 'Shop', version: '2' });
    expect(exported.components?.schemas).toEqual({
      Order: { type: 'object', properties: { id: { type: 'integer' }, price: { type: 'number' }, currency: { type: 'string', description: 'ISO 4217 code' } } },
      Refund: { type: 'object', properties: { amount: { type: 'number' } } },
    });
    expect(Object.keys(exported.paths).sort()).toEqual(['/customers/{id}', '/orders', '/orders/{id}']);

    // The same description with other whitespace and key order: the same content, nothing written.
    const reorder = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reorder)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([key, inner]) => [key, reorder(inner)]),
            )
          : value;
    serve(JSON.stringify(reorder(JSON.parse(shopDocument(newOrder))), null, 3));
    const counts = await historyCounts();
    const kept = (await resyncs()).length;
    expect(ok(await owner.post<ApiResyncSummary>('/api/importApi/resync', { item_id: itemId }))).toMatchObject({ unchanged: true, added: [], changed: [], removed: [] });
    expect(await historyCounts()).toEqual(counts);
    expect(await resyncs()).toHaveLength(kept);
    serve(shopDocument(secondVersion));
    ok(await owner.post<ApiResyncSummary>('/api/importApi/resync', { item_id: itemId }));
  });

  it('re-syncs an import that went into a catalog: new operations land in their tag under it', async () => {
    const platform = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Platform' })).item_id;
    const apis = ok(await owner.post<{ cat_id: number }>('/api/catalog/save', { item_id: platform, cat_name: 'APIs' })).cat_id;
    serve(shopDocument());
    ok(await owner.post<ImportedApi>('/api/importApi/url', { url: url(), item_id: platform, cat_id: apis }));
    serve(shopDocument(secondVersion));

    // No cat_id: the item's only source.
    const summary = ok(await owner.post<ApiResyncSummary>('/api/importApi/resync', { item_id: platform }));

    expect(summary).toMatchObject({ item_id: platform, cat_id: apis, added: [{ path: '/orders/{id}' }], removed: [{ path: '/orders' }] });
    const outline = (catalogs: MenuCatalog[]): unknown[] => catalogs.map((c) => [c.cat_name, c.pages.map((p) => p.page_title), outline(c.catalogs ?? [])]);
    const item = ok(await owner.post<RegularItemInfo>('/api/item/info', { item_id: platform }));
    expect(outline(item.menu.catalogs)).toEqual([
      [
        'APIs',
        [],
        [
          ['orders', ['List orders', 'Cancel an order'], []],
          ['customers', ['Get a customer'], []],
        ],
      ],
    ]);

    // A second import into the same catalog becomes its source; re-syncing it leaves the first import's pages alone.
    const health = (paths: string[]) =>
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Health', version: '1' },
        paths: Object.fromEntries(paths.map((path) => [path, { get: { tags: ['health'], summary: `Check ${path}`, responses: { '200': { description: 'Up' } } } }])),
      });
    targets.served['/health.json'] = health(['/health']);
    ok(await owner.post<ImportedApi>('/api/importApi/url', { url: `${targets.documents()}/health.json`, item_id: platform, cat_id: apis }));
    targets.served['/health.json'] = health(['/health', '/ready']);
    const second = ok(await owner.post<ApiResyncSummary>('/api/importApi/resync', { item_id: platform, cat_id: apis }));
    expect(second).toMatchObject({ added: [{ path: '/ready' }], changed: [], removed: [] });
    const after = ok(await owner.post<RegularItemInfo>('/api/item/info', { item_id: platform }));
    expect(outline(after.menu.catalogs)).toEqual([
      [
        'APIs',
        [],
        [
          ['orders', ['List orders', 'Cancel an order'], []],
          ['health', ['Check /health', 'Check /ready'], []],
          ['customers', ['Get a customer'], []],
        ],
      ],
    ]);

    // A deleted item is no longer re-synced by the schedule (its sources are forgotten).
    ok(await postJson(admin, '/api/adminSetting/saveConfig', { api_resync_schedule: 'daily' }));
    expect(ok(await admin.post<ApiResyncPass>('/api/adminImport/apiResync'))).toEqual({ schedule: 'daily', sources: 2, changed: 0, failed: 0 });
    expect(ok(await owner.post<number>('/api/item/delete', { item_id: platform, password: 'pass-1234' }))).toBe(1);
    expect(ok(await admin.post<ApiResyncPass>('/api/adminImport/apiResync'))).toEqual({ schedule: 'daily', sources: 1, changed: 0, failed: 0 });
    ok(await postJson(admin, '/api/adminSetting/saveConfig', { api_resync_schedule: 'off' }));
  });
}
