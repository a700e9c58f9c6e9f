import type { ApiOperation, ApiSourceRecord } from '@quire/proto';
import { buildOpenApiDocument, type ExportedOperation } from './openapi-document';

const source = (sourceId: number, changes: Partial<ApiSourceRecord> = {}): ApiSourceRecord => ({
  source_id: sourceId,
  item_id: 1,
  cat_id: 0,
  format: 'openapi',
  version: '3.1.0',
  origin: 'api.json',
  addtime: 0,
  info: { title: `API ${sourceId}`, version: '2.0' },
  servers: [{ url: `https://api${sourceId}.example.com` }],
  tags: [],
  security_schemes: {},
  schema_count: 0,
  ...changes,
});

const operation = (method: string, path: string, sourceId: number | undefined, tags: string[] = []): ApiOperation => ({
  method,
  path,
  operation_id: `${method} ${path}`,
  source: { format: 'openapi', version: '3.1.0', origin: 'api.json', ...(sourceId !== undefined ? { source_id: sourceId } : {}) },
  spec: { tags, parameters: [], responses: { '200': { description: 'OK' } }, schema_refs: [] },
});

const entry = (catalog: string, value: ApiOperation, title = 'A page'): ExportedOperation => ({ page_title: title, catalog, operation: value });

describe(buildOpenApiDocument.name, () => {
  it('takes tags from the catalogs the pages are in now, keeps the first of two pages with the same method and path', () => {
    const { document, duplicates } = buildOpenApiDocument({
      title: 'Item',
      description: '',
      operations: [
        entry('pets', operation('GET', '/pets', 1, ['pets'])),
        entry('admin', operation('POST', '/pets', 1, ['pets', 'write'])),
        entry('default', operation('GET', '/health', 1)),
        entry('pets', operation('GET', '/pets', 1, ['other'])),
      ],
      sources: [source(1, { tags: [{ name: 'pets', description: 'Pets' }] })],
      schemas: [],
    });
    expect(duplicates).toBe(1);
    expect(document.tags).toEqual([{ name: 'pets', description: 'Pets' }, { name: 'admin' }, { name: 'write' }]);
    expect(document.paths).toEqual({
      '/pets': {
        get: { tags: ['pets'], responses: { '200': { description: 'OK' } } },
        post: { tags: ['admin', 'write'], responses: { '200': { description: 'OK' } } },
      },
      '/health': { get: { responses: { '200': { description: 'OK' } } } },
    });
    expect(document).toMatchObject({ openapi: '3.1.0', info: { title: 'API 1', version: '2.0' }, servers: [{ url: 'https://api1.example.com' }] });
  });

  it("puts each import's security on its operations when the pages came from several, and writes Postman's :id as {id}", () => {
    const { document } = buildOpenApiDocument({
      title: 'Item',
      description: '',
      operations: [entry('', operation('GET', '/a', 1)), entry('', operation('GET', '/users/:id/orders', 2))],
      sources: [source(1, { security: [{ key: [] }], security_schemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } }), source(2, { security: [{ token: [] }] })],
      schemas: [
        { source_id: 1, item_id: 1, name: 'User', schema: { type: 'object' } },
        { source_id: 2, item_id: 1, name: 'User', schema: { type: 'string' } },
      ],
    });
    const paths = document.paths as Record<string, Record<string, { security?: unknown }>>;
    expect(paths['/a'].get.security).toEqual([{ key: [] }]);
    expect(paths['/users/{id}/orders'].get.security).toEqual([{ token: [] }]);
    expect(document.security).toBeUndefined();
    expect(document.components).toEqual({ schemas: { User: { type: 'object' } }, securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } });
  });

  it('names a page imported before operations were kept whole by its title, and an item without imports by its name', () => {
    const { spec: _spec, ...old } = operation('DELETE', '/pets/{id}', undefined);
    const { document } = buildOpenApiDocument({ title: 'Handbook', description: 'Notes', operations: [entry('', old, 'Delete a pet')], sources: [], schemas: [] });
    expect(document).toEqual({
      openapi: '3.1.0',
      info: { title: 'Handbook', version: '1.0.0', description: 'Notes' },
      paths: { '/pets/{id}': { delete: { summary: 'Delete a pet', operationId: 'DELETE /pets/{id}' } } },
    });
  });
});
