import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiSchemaRow, ApiSourceRecord } from '@quire/proto';
import { buildOpenApiDocument, type ExportedOperation } from '../../page/src/api-source/openapi-document';
import { type ApiPlan, convertApiDocument } from '../src/api/api-plan';

/**
 * Import → export → import (issue 19): the OpenAPI 3.1 document exported from an import's stored operations and
 * source record reads back into the same operations (method, path, the whole normalized operation: parameters,
 * bodies, responses, security), the same named schemas, security schemes, servers and info.
 */

const EXAMPLES = join(require.resolve('@readme/oas-examples/package.json'), '..');
const examplesIn = (version: string) =>
  readdirSync(join(EXAMPLES, version, 'json'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => `${version}/json/${file}`);

/** Examples that are not imported at all: they describe no operation (webhooks only) — the import refuses them, and so there is nothing to export. */
const NOTHING_TO_EXPORT = new Set(['3.1/json/webhooks.json']);

const convert = (text: string) => convertApiDocument(text, { origin: 'round-trip', language: 'en' });

/** What the page service stores and exports for one import into a new item (source record 1). */
function exported(plan: ApiPlan): string {
  const source: ApiSourceRecord = { source_id: 1, item_id: 1, cat_id: 0, addtime: 0, ...plan.source.source };
  const schemas: ApiSchemaRow[] = plan.source.schemas.map((row) => ({ source_id: 1, item_id: 1, ...row }));
  const names = new Map(plan.catalogs.map((catalog) => [catalog.seq, catalog.name]));
  const operations: ExportedOperation[] = plan.pages.map((page) => ({
    page_title: page.title,
    catalog: names.get(page.catalog) ?? '',
    operation: { ...page.operation, source: { ...page.operation.source, source_id: 1 } },
  }));
  return JSON.stringify(buildOpenApiDocument({ title: plan.title, description: plan.description, operations, sources: [source], schemas }).document);
}

/** Everything the round trip must keep, by `METHOD path`. */
function kept(plan: ApiPlan) {
  return {
    operations: Object.fromEntries(plan.pages.map((page) => [`${page.operation.method} ${page.operation.path}`, { operation_id: page.operation.operation_id, spec: page.operation.spec }])),
    schemas: Object.fromEntries(plan.source.schemas.map((row) => [row.name, row.schema])),
    security_schemes: plan.source.source.security_schemes,
    security: plan.source.source.security,
    servers: plan.source.source.servers,
    info: plan.source.source.info,
  };
}

async function roundTrip(text: string): Promise<{ first: ReturnType<typeof kept>; second: ReturnType<typeof kept>; pages: number }> {
  const first = await convert(text);
  const second = await convert(exported(first));
  expect(second.source.source).toMatchObject({ format: 'openapi', version: '3.1.0' });
  return { first: kept(first), second: kept(second), pages: first.pages.length };
}

describe('OpenAPI export round trip', () => {
  const files = [...examplesIn('2.0'), ...examplesIn('3.0'), ...examplesIn('3.1')].filter((file) => !NOTHING_TO_EXPORT.has(file));

  it('covers the Petstore in 2.0, 3.0 and 3.1 and the other examples', () => {
    expect(files).toEqual(expect.arrayContaining(['2.0/json/petstore.json', '3.0/json/petstore.json', '3.1/json/petstore.json']));
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(files)('%s: import → export → import keeps the operations, parameters and schemas', async (file) => {
    const { first, second, pages } = await roundTrip(readFileSync(join(EXAMPLES, file), 'utf8'));
    expect(pages).toBeGreaterThan(0);
    expect(second).toEqual(first);
  });

  it('keeps a circular schema as a reference to its named component', async () => {
    const plan = await convert(readFileSync(join(EXAMPLES, '3.0/json/circular.json'), 'utf8'));
    const document = JSON.parse(exported(plan)) as { components: { schemas: Record<string, unknown> } };
    const text = JSON.stringify(document.components.schemas);
    expect(text).toContain('"$ref":"#/components/schemas/');
    expect(plan.pages.some((page) => (page.operation.spec?.schema_refs.length ?? 0) > 0)).toBe(true);
  });

  it('writes Swagger 2.0 as OpenAPI 3.1: body and form parameters as request bodies, definitions as components', async () => {
    const plan = await convert(readFileSync(join(EXAMPLES, '2.0/json/petstore.json'), 'utf8'));
    const document = JSON.parse(exported(plan)) as {
      openapi: string;
      servers: unknown;
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { flows: Record<string, { scopes: unknown }> }> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'http://petstore.swagger.io/v2' }]);
    expect(document.paths['/pet'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(document.paths['/pet/{petId}'].post.requestBody.content['application/x-www-form-urlencoded'].schema.properties?.name).toEqual({
      type: 'string',
      description: 'Updated name of the pet',
    });
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Pet', 'Category', 'Tag', 'Order', 'User', 'ApiResponse']));
    expect(document.components.securitySchemes.petstore_auth.flows.implicit.scopes).toEqual({ 'write:pets': 'modify pets in your account', 'read:pets': 'read your pets' });
  });

  /**
   * GitHub's REST description (api.github.com, about 1,000 operations, 10 MB): a full round trip takes too long for
   * the suite, so a deterministic slice goes round — every 3rd path of the document, up to 300 operations, with all
   * of the named schemas and everything else of the document.
   */
  it("GitHub's REST description (a slice of 300 operations): import → export → import keeps them", async () => {
    const path = join(require.resolve('@octokit/openapi/package.json'), '..', 'generated', 'api.github.com.json');
    const document = JSON.parse(readFileSync(path, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const paths: Record<string, Record<string, unknown>> = {};
    let operations = 0;
    for (const [index, [name, item]] of Object.entries(document.paths).entries()) {
      if (index % 3 !== 0) continue;
      const count = Object.keys(item).filter((key) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(key)).length;
      if (operations + count > 300) break;
      paths[name] = item;
      operations += count;
    }
    const { first, second, pages } = await roundTrip(JSON.stringify({ ...document, paths }));
    expect(pages).toBeGreaterThan(250);
    expect(Object.keys(first.schemas).length).toBeGreaterThan(500);
    expect(second).toEqual(first);
  }, 120_000);
});
