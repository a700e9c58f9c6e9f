import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CreatedToken } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';
import { registerAccount } from './personal-tokens.scenario';

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

interface ToolText {
  isError?: boolean;
  content: { type: string; text: string }[];
}

/**
 * The MCP server at `/mcp` (issue 21), driven by the SDK's own client over Streamable HTTP with a personal API
 * token: its tools read and write exactly what the token's owner may, within the token's scope.
 */
export function describeMcpServer(system: () => SystemTarget): void {
  let owner: ApiClient;
  let itemId: number;
  let catId: number;
  let pageId: number;
  let privateItem: number;
  const clients: Client[] = [];

  const register = async (prefix: string): Promise<ApiClient> => (await registerAccount(system(), prefix)).client;
  const token = async (scope: 'read' | 'write', client = owner): Promise<CreatedToken> =>
    ok(await client.post<CreatedToken>('/api/token/create', { name: `mcp-${scope}`, scope, expire_days: 1 }));
  const connect = async (secret: string): Promise<Client> => {
    const client = new Client({ name: 'quire-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', system().baseUrl), { requestInit: { headers: { authorization: `Bearer ${secret}` } } });
    await client.connect(transport);
    clients.push(client);
    return client;
  };
  const callTool = async (client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolText> => (await client.callTool({ name, arguments: args })) as unknown as ToolText;
  const data = <T>(result: ToolText): T => {
    expect(result.isError ? result.content[0].text : undefined).toBeUndefined();
    return JSON.parse(result.content[0].text) as T;
  };

  beforeAll(async () => {
    owner = await register('mcp');
    itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Handbook <team>', password: 'members-only' })).item_id;
    catId = ok(await owner.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: 'Ops & on-call' })).cat_id;
    pageId = ok(
      await owner.post<{ page_id: number }>('/api/page/save', {
        item_id: itemId,
        cat_id: catId,
        page_title: 'Pager duty',
        page_content: '# Pager\nEscalate after **15 minutes** <b>always</b>',
      }),
    ).page_id;
    ok(
      await owner.post('/api/page/save', { item_id: itemId, page_id: pageId, cat_id: catId, page_title: 'Pager duty', page_content: '# Pager\nEscalate after **10 minutes** <b>always</b>' }),
    );
    const stranger = await register('mcpother');
    privateItem = ok(await stranger.post<{ item_id: number }>('/api/item/add', { item_name: 'Not yours', password: 'keep-out' })).item_id;
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  it('lists the seven tools to a client that connects with a token', async () => {
    const client = await connect((await token('read')).token);
    const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(names).toEqual(['catalog_tree', 'create_page', 'list_items', 'page_history', 'read_page', 'search', 'update_page']);
  });

  it("reads the owner's items, catalog tree, pages and history as the owner sees them (text unescaped)", async () => {
    const client = await connect((await token('read')).token);
    expect(data(await callTool(client, 'list_items'))).toEqual([{ item_id: itemId, name: 'Handbook <team>', description: '' }]);
    const tree = data<{ catalogs: { cat_id: number; name: string; pages: { page_id: number; title: string }[] }[] }>(await callTool(client, 'catalog_tree', { item_id: itemId }));
    expect(tree.catalogs).toEqual([{ cat_id: catId, name: 'Ops & on-call', pages: [{ page_id: pageId, title: 'Pager duty' }], catalogs: [] }]);
    const page = data<{ title: string; content: string; cat_id: number }>(await callTool(client, 'read_page', { page_id: pageId }));
    expect(page).toMatchObject({ title: 'Pager duty', cat_id: catId, content: '# Pager\nEscalate after **10 minutes** <b>always</b>' });
    const history = data<{ content: string }[]>(await callTool(client, 'page_history', { page_id: pageId }));
    expect(history.map((row) => row.content)).toContain('# Pager\nEscalate after **15 minutes** <b>always</b>');
  });

  it('searches what the owner may read', async () => {
    const client = await connect((await token('read')).token);
    let found: { total: number; results: { page_id: number; title: string; catalog_path: string[] }[] } = { total: 0, results: [] };
    for (let i = 0; i < 50 && found.total === 0; i++) {
      found = data(await callTool(client, 'search', { keyword: 'Escalate' }));
      if (found.total === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(found.results).toEqual([expect.objectContaining({ page_id: pageId, title: 'Pager duty', catalog_path: ['Ops & on-call'] })]);
  });

  it('a read token may not create or update pages: the tool answers the refusal and nothing changes', async () => {
    const client = await connect((await token('read')).token);
    const refused = await callTool(client, 'create_page', { item_id: itemId, title: 'Injected', content: 'nope' });
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toContain('may only read');
    expect((await callTool(client, 'update_page', { page_id: pageId, content: 'nope' })).isError).toBe(true);
    const menu = ok(await owner.post<{ menu: { pages: unknown[] } }>('/api/item/info', { item_id: itemId })).menu;
    expect(menu.pages).toEqual([]);
    expect(ok(await owner.post<{ page_content: string }>('/api/page/info', { page_id: pageId })).page_content).toContain('10 minutes');
  });

  it('a write token creates and updates pages as the owner, keeping the old version in the history', async () => {
    const client = await connect((await token('write')).token);
    const created = data<{ page_id: number }>(await callTool(client, 'create_page', { item_id: itemId, cat_id: catId, title: 'Runbook', content: 'Step 1' }));
    const page = ok(await owner.post<{ page_title: string; page_content: string; cat_id: number }>('/api/page/info', { page_id: created.page_id }));
    expect(page).toMatchObject({ page_title: 'Runbook', page_content: 'Step 1', cat_id: catId });
    data(await callTool(client, 'update_page', { page_id: created.page_id, content: 'Step 1\nStep 2' }));
    expect(ok(await owner.post<{ page_content: string; page_title: string }>('/api/page/info', { page_id: created.page_id }))).toMatchObject({
      page_title: 'Runbook',
      page_content: 'Step 1\nStep 2',
    });
    const history = data<{ content: string }[]>(await callTool(client, 'page_history', { page_id: created.page_id }));
    expect(history.map((row) => row.content)).toContain('Step 1');
  });

  it("refuses another user's private item and answers bad arguments as tool errors", async () => {
    const client = await connect((await token('write')).token);
    const tree = await callTool(client, 'catalog_tree', { item_id: privateItem });
    expect(tree.isError).toBe(true);
    expect((await callTool(client, 'create_page', { item_id: privateItem, title: 'Intruder', content: 'x' })).isError).toBe(true);
    expect((await callTool(client, 'read_page', { page_id: 99_999_999 })).isError).toBe(true);
    const bad = await callTool(client, 'read_page', { page_id: 'one' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toMatch(/page_id/);
  });

  it('refuses to connect without a token, with a session cookie only, or with a revoked token', async () => {
    const refusedStatus = async (headers: Record<string, string>): Promise<{ status: number; body: { error: { message: string } } }> => {
      const response = await fetch(new URL('/mcp', system().baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }),
      });
      return { status: response.status, body: (await response.json()) as { error: { message: string } } };
    };
    expect(await refusedStatus({})).toMatchObject({ status: 401, body: { error: { message: expect.stringContaining('personal API token') } } });
    const admin = new ApiClient(system().baseUrl);
    const session = ok(await admin.post<{ user_token: string }>('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD })).user_token;
    // A session works on /api, never on /mcp: neither as a bearer token nor as the browser's cookie.
    expect(Array.isArray(ok(await admin.post<unknown[]>('/api/item/myList')))).toBe(true);
    expect(await refusedStatus({ authorization: `Bearer ${session}` })).toMatchObject({ status: 401, body: { error: { message: expect.stringContaining('personal API token') } } });
    expect((await refusedStatus({ cookie: `cookie_token=${session}` })).status).toBe(401);
    const created = await token('write');
    const client = await connect(created.token);
    ok(await owner.post('/api/token/revoke', { id: created.id }));
    expect(await refusedStatus({ authorization: `Bearer ${created.token}` })).toMatchObject({ status: 401, body: { error: { message: expect.stringContaining('revoked') } } });
    await expect(client.callTool({ name: 'list_items', arguments: {} })).rejects.toThrow();
  });
}
