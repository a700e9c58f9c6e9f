import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, type MessageKey } from '@quire/proto';
import { type ApiPlan, convertApiDocument } from './api-plan';

const EXAMPLES = join(require.resolve('@readme/oas-examples/package.json'), '..');
const example = (file: string) => readFileSync(join(EXAMPLES, file), 'utf8');
const POSTMAN = readFileSync(join(__dirname, '../../test/fixtures/shop.postman_collection.json'), 'utf8');

const convert = (text: string, language: 'en' | 'zh-cn' = 'en', maxDepth?: number) => convertApiDocument(text, { origin: 'test-document', language, maxDepth });

/** The menu as a reader sees it: root page titles, then each catalog's name with its pages and sub-catalogs. */
function menu(plan: ApiPlan, parent = 0): unknown {
  return {
    pages: plan.pages.filter((page) => page.catalog === parent).map((page) => page.title),
    catalogs: plan.catalogs
      .filter((catalog) => catalog.parent === parent)
      .sort((a, b) => a.s_number - b.s_number)
      .map((catalog) => ({ name: catalog.name, ...(menu(plan, catalog.seq) as object) })),
  };
}

const page = (plan: ApiPlan, method: string, path: string) => {
  const found = plan.pages.find((candidate) => candidate.operation.method === method && candidate.operation.path === path);
  if (!found) throw new Error(`no page for ${method} ${path}`);
  return found;
};

async function failure(text: string): Promise<{ key: MessageKey; params: Record<string, string | number> }> {
  try {
    await convert(text);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { key: (error as AppError).key, params: (error as AppError).params };
  }
  throw new Error('the document was accepted');
}

describe(convertApiDocument.name, () => {
  describe.each([
    ['Swagger 2.0 JSON', '2.0/json/petstore.json', 'swagger', '2.0'],
    ['Swagger 2.0 YAML', '2.0/yaml/petstore.yaml', 'swagger', '2.0'],
    ['OpenAPI 3.0 JSON', '3.0/json/petstore.json', 'openapi', '3.0.0'],
    ['OpenAPI 3.0 YAML', '3.0/yaml/petstore.yaml', 'openapi', '3.0.0'],
    ['OpenAPI 3.1 JSON', '3.1/json/petstore.json', 'openapi', '3.1.0'],
    ['OpenAPI 3.1 YAML', '3.1/yaml/petstore.yaml', 'openapi', '3.1.0'],
  ])('the Petstore in %s', (_name, file, format, version) => {
    let plan: ApiPlan;
    beforeAll(async () => {
      plan = await convert(example(file));
    });

    it('makes one catalog per tag, in the order of the document, and one page per operation', () => {
      expect(plan.title).toBe('Swagger Petstore');
      expect(plan.catalogs.map((catalog) => [catalog.name, catalog.level])).toEqual([
        ['pet', 2],
        ['store', 2],
        ['user', 2],
      ]);
      expect(plan.pages).toHaveLength(20);
      expect((menu(plan) as { catalogs: { name: string; pages: string[] }[] }).catalogs[0].pages).toContain('Add a new pet to the store');
    });

    it('keeps the operation beside the page', () => {
      const { spec, try_it: _tryIt, ...operation } = page(plan, 'POST', '/pet').operation;
      expect(operation).toEqual({ method: 'POST', path: '/pet', operation_id: 'addPet', source: { format, version, origin: 'test-document' } });
      // The whole operation, normalized to OpenAPI 3.1, named schemas kept as references.
      expect(spec).toMatchObject({ operationId: 'addPet', tags: ['pet'], schema_refs: ['Category', 'Pet', 'Tag'] });
      expect(spec?.requestBody?.content['application/json']).toEqual({ schema: { $ref: '#/components/schemas/Pet' } });
    });

    it('writes the page like the API template: summary, URL, method, request body with nested fields as dot paths, responses, security', () => {
      const content = page(plan, 'POST', '/pet').content;
      expect(content).toMatch(/^\*\*Summary:\*\*\n\n- Add a new pet to the store\n/);
      expect(content).toMatch(/\*\*Request URL:\*\*\n- `https?:\/\/petstore\.swagger\.io\/v2\/pet`/);
      expect(content).toContain('**Method:**\n- POST');
      expect(content).toContain('|Field|Required|Type|Description|');
      expect(content).toContain('|name|yes|string| |');
      expect(content).toContain('|category.name|no|string| |');
      expect(content).toContain('|tags|no|Tag[]| |');
      expect(content).toContain('|tags[].name|no|string| |');
      expect(content).toContain('- **405** Invalid input');
      expect(content).toContain('**Security:**\n\n- petstore_auth (oauth2; scopes: write:pets, read:pets)');
    });

    it('shows path, query and header parameters with their place, and each response with its fields and example', () => {
      const content = page(plan, 'DELETE', '/pet/{petId}').content;
      expect(content).toContain('|Parameter|In|Required|Type|Description|');
      expect(content).toMatch(/\|api_key\|header\|no\|string\|/);
      expect(content).toMatch(/\|petId\|path\|yes\|integer \(int64\)\|Pet id to delete\|/);
      const find = page(plan, 'GET', '/pet/findByStatus').content;
      expect(find).toMatch(/\|status\|query\|yes\|/);
      const byId = page(plan, 'GET', '/pet/{petId}').content;
      expect(byId).toContain('- **200** successful operation');
      expect(byId).toContain('**Response fields**');
      expect(byId).toContain('|photoUrls|string[]| |');
      expect(byId).toMatch(/\*\*Example response\*\*\n\n```json\n\{\n {2}"id": \d+,/);
      expect(byId).toContain('api_key (apiKey, header `api_key`)');
    });
  });

  it('reads the same operations from a document in JSON and in YAML', async () => {
    const json = await convert(example('3.0/json/petstore.json'));
    const yaml = await convert(example('3.0/yaml/petstore.yaml'));
    expect(yaml.pages.map((p) => [p.title, p.content])).toEqual(json.pages.map((p) => [p.title, p.content]));
  });

  it('shows a schema met again inside itself once, with a "see above" marker', async () => {
    const plan = await convert(example('3.0/json/circular.json'));
    const content = plan.pages[0].content;
    expect(content).toContain('|inner|object (ErrorMessage)|(circular: ErrorMessage, see above)|');
    expect(content.match(/see above/g)).toHaveLength(1);

    const swagger = await convert(example('2.0/json/schema-circular.json'));
    expect(swagger.pages[0].content).toContain('|children[]|no|object (node)|(circular: node, see above)|');
  });

  it('shows allOf, oneOf and anyOf as such, with each option and its fields', async () => {
    const plan = await convert(example('3.0/json/polymorphism.json'));
    const oneOf = page(plan, 'PATCH', '/pets').content;
    expect(oneOf).toContain('|(body)|no|oneOf|One of: Cat, Dog|');
    expect(oneOf).toContain('|(body)|no|object (Cat)|oneOf option 1: Cat|');
    expect(oneOf).toContain('|hunts|no|boolean| |');
    expect(oneOf).toContain('|bark|no|boolean| |');
    const allOf = plan.pages.find((candidate) => candidate.title === 'allOf with listed objects')?.content ?? '';
    expect(allOf).toContain('|(body)|no|allOf|All of: First type of object, Second type of object|');
    expect(allOf).toContain('|a|no|string| |');
    expect(allOf).toContain('|d|no|string| |');
    expect(plan.pages.find((candidate) => candidate.title === 'anyOf primitive')?.content).toContain('|(body)|no|anyOf|Any of: First type of primitive, Second type of primitive|');
  });

  it('marks a deprecated operation and deprecated parameters and fields', async () => {
    const content = (await convert(example('3.0/json/schema-deprecated.json'))).pages[0].content;
    expect(content.startsWith('> **Deprecated:** this operation should no longer be used.')).toBe(true);
    expect(content).toMatch(/\|status\|query\|yes\|string\[\]\|Deprecated\.\|/);
    expect(content).toMatch(/\|id\|no\|integer \(int64\)\|.*Deprecated\.\|/);
  });

  it('lists cookie parameters, and security alternatives (AND within one, OR between them)', async () => {
    expect((await convert(example('3.0/json/parameters-cookies.json'))).pages[0].content).toContain('|foo|cookie|no|string| |');
    const security = await convert(example('3.0/json/security-multiple.json'));
    expect(security.pages.map((p) => p.content).join('\n')).toContain(
      '**Security:**\n\n- oauth2 (oauth2; scopes: write:things) + apiKey_header (apiKey, header `X-API-KEY`)\n- oauth2_alternate (oauth2; scopes: write:things)',
    );
  });

  it('puts the operations of a document without tags at the top, and untagged ones of a tagged document in "default"', async () => {
    const untagged = await convert(example('3.0/json/petstore-simple-no-tags.json'));
    expect(untagged.catalogs).toEqual([]);
    expect(untagged.pages.every((p) => p.catalog === 0)).toBe(true);

    const mixed = await convert(
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Mixed', version: '1' },
        paths: {
          '/a': { get: { tags: ['alpha'], summary: 'A', responses: { '200': { description: 'ok' } } } },
          '/b': { get: { summary: 'B', responses: { '200': { description: 'ok' } } } },
        },
      }),
    );
    expect(menu(mixed)).toEqual({
      pages: [],
      catalogs: [
        { name: 'alpha', pages: ['A'], catalogs: [] },
        { name: 'default', pages: ['B'], catalogs: [] },
      ],
    });
  });

  it('reads a big real document (STAPI: 120 operations in 40 tags)', async () => {
    const plan = await convert(example('3.0/json/star-trek.json'));
    expect(plan.pages).toHaveLength(120);
    expect(plan.catalogs).toHaveLength(40);
    expect(plan.pages.every((p) => p.content.includes('**Method:**'))).toBe(true);
  });

  describe('a Postman collection', () => {
    let plan: ApiPlan;
    beforeAll(async () => {
      plan = await convert(POSTMAN);
    });

    it('makes folders catalogs (nested as in Postman) and requests pages', () => {
      expect(plan.title).toBe('Shop API');
      expect(plan.description).toBe('Orders and customers of the demo shop.');
      expect(menu(plan)).toEqual({
        pages: ['Health check'],
        catalogs: [
          { name: 'Orders', pages: ['Create order'], catalogs: [{ name: 'Refunds', pages: ['Refund an order'], catalogs: [] }] },
          { name: 'Customers', pages: ['Get customer'], catalogs: [] },
        ],
      });
      const { spec, try_it: _tryIt, ...operation } = plan.pages[0].operation;
      expect(operation).toEqual({ method: 'POST', path: '/v1/orders', operation_id: 'create-order', source: { format: 'postman', version: '2.1.0', origin: 'test-document' } });
      expect(spec?.parameters.map((parameter) => [parameter.in, parameter.name, parameter.example])).toEqual([
        ['query', 'notify', 'true'],
        ['header', 'Content-Type', 'application/json'],
        ['header', 'X-Request-Id', 'abc-123'],
      ]);
      expect(Object.keys(spec?.requestBody?.content ?? {})).toEqual(['application/json']);
    });

    it('writes query and header parameters (not the disabled ones), the JSON body flattened, each saved response', () => {
      const content = plan.pages[0].content;
      expect(content).toContain('**Request URL:**\n- `https://shop.example.com/v1/orders?notify=true`');
      expect(content).toContain('|notify|query|no|string|Mail the customer Example: `true`|');
      expect(content).toContain('|X-Request-Id|header|no|string|Idempotency key Example: `abc-123`|');
      expect(content).not.toContain('debug');
      expect(content).toContain('|items[].price|no|number| |');
      expect(content).toContain('|note|no|null| |');
      expect(content).toContain('- **201** Created `application/json`');
      expect(content).toContain('|order_id|integer| |');
      expect(content).toContain('- **404** Not Found — No such customer `text/plain`');
      expect(content).toContain('```\ncustomer not found\n```');
      expect(content).toContain('**Security:**\n\n- bearer');
    });

    it('writes path variables and form fields, and a request without auth as needing none', () => {
      const refund = page(plan, 'POST', '/v1/orders/:order_id/refunds').content;
      expect(refund).toContain('|order_id|path|yes|string|The order Example: `1001`|');
      expect(refund).toContain('**Request body:** `application/x-www-form-urlencoded`');
      expect(refund).toContain('|amount|no|string|How much to give back Example: `9.5`|');
      expect(page(plan, 'GET', '/v1/customers/7').content).toContain('**Security:**\n\n- None');
    });
  });

  it('writes the headings of the Chinese template when the site speaks Chinese', async () => {
    const content = page(await convert(example('3.0/json/petstore.json'), 'zh-cn'), 'POST', '/pet').content;
    expect(content).toMatch(/^\*\*简要描述：\*\*\n\n- Add a new pet to the store/);
    expect(content).toContain('**请求 URL：**');
    expect(content).toContain('**请求方式：**\n- POST');
    expect(content).toContain('|参数名|必选|类型|说明|');
    expect(content).toContain('|name|是|string| |');
  });

  it('puts catalogs no deeper than the target has room for', async () => {
    expect((await convert(POSTMAN, 'en', 1)).catalogs.map((catalog) => catalog.name)).toEqual(['Orders', 'Customers']);
    const flat = await convert(POSTMAN, 'en', 0);
    expect(flat.catalogs).toEqual([]);
    expect(flat.pages).toHaveLength(4);
  });

  describe('the request "Try it" sends', () => {
    it('fills the server URL, path parameters, query and headers from examples, and an example body', async () => {
      const document = {
        openapi: '3.1.0',
        info: { title: 'Shop', version: '1' },
        servers: [{ url: 'https://{region}.shop.test/v1', variables: { region: { default: 'eu' } } }],
        paths: {
          '/orders/{orderId}/lines': {
            post: {
              operationId: 'addLine',
              parameters: [
                { name: 'orderId', in: 'path', required: true, schema: { type: 'integer' }, example: 42 },
                { name: 'dry run', in: 'query', schema: { type: 'boolean', default: false } },
                { name: 'page', in: 'query', schema: { type: 'integer' } },
                { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' } },
              ],
              requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { sku: { type: 'string', example: 'A-1' }, qty: { type: 'integer', default: 2 } } } } } },
              responses: { '201': { description: 'Added' } },
            },
          },
        },
      };
      const plan = await convert(JSON.stringify(document));
      expect(plan.pages[0].operation.try_it).toEqual({
        url: 'https://eu.shop.test/v1/orders/42/lines?dry%20run=false',
        headers: [
          ['X-Trace', ''],
          ['Content-Type', 'application/json'],
        ],
        body: JSON.stringify({ sku: 'A-1', qty: 2 }, null, 2),
      });
    });

    it('resolves a relative server against the URL the document came from, and fills Postman path variables', async () => {
      const document = {
        openapi: '3.0.3',
        info: { title: 'Pets', version: '1' },
        servers: [{ url: '/api/v3' }],
        paths: { '/pets': { get: { responses: { '200': { description: 'OK' } } } } },
      };
      const plan = await convertApiDocument(JSON.stringify(document), { origin: 'https://docs.example.com/specs/pets.json', language: 'en' });
      expect(plan.pages[0].operation.try_it).toEqual({ url: 'https://docs.example.com/api/v3/pets', headers: [], body: '' });
      const shop = await convert(POSTMAN);
      expect(shop.pages.map((candidate) => candidate.operation.try_it?.url)).toContain('https://shop.example.com/v1/orders/1001/refunds');
    });
  });

  describe('refuses', () => {
    it('JSON that does not parse, naming its line and column', async () => {
      const text = example('3.0/json/petstore.json').replace('"paths": {', '"paths": {,');
      const line = text.split('\n').findIndex((candidate) => candidate.includes('"paths": {,')) + 1;
      expect(await failure(text)).toEqual({ key: 'api_import_unreadable', params: { line, column: expect.any(Number), reason: expect.stringMatching(/property name/) } });
    });

    it('JSON cut short, where the parser does not say where, naming the line and column it breaks at', async () => {
      expect(await failure('{"openapi": "3.0.0",\n  "info": }')).toMatchObject({ key: 'api_import_unreadable', params: { line: 2, column: 11 } });
    });

    it('YAML that does not parse, naming its line', async () => {
      const text = example('3.0/yaml/petstore.yaml').replace('paths:', 'paths:\n  - : [x');
      expect(await failure(text)).toMatchObject({ key: 'api_import_unreadable', params: { line: expect.any(Number) } });
    });

    it('an invalid document, naming the place as a JSON pointer and its line in the source', async () => {
      const yaml = example('3.0/yaml/petstore.yaml').replace("'405':\n          description: Invalid input", "'abc':\n          description: Invalid input");
      const line = yaml.split('\n').findIndex((candidate) => candidate.includes("'abc':")) + 1;
      expect(await failure(yaml)).toEqual({
        key: 'api_import_invalid',
        params: { place: `/paths/~1pet/post/responses/abc (line ${line})`, reason: 'ADDITIONAL PROPERTY must NOT have additional properties' },
      });

      const json = JSON.parse(example('3.0/json/petstore.json')) as { paths: Record<string, Record<string, { parameters?: unknown[] }>> };
      json.paths['/pet'].put.parameters = [{ name: 'x' }];
      const place = (await failure(JSON.stringify(json, null, 2))).params.place;
      expect(place).toMatch(/^\/paths\/~1pet\/put\/parameters\/0 \(line \d+\)$/);
    });

    it('a Postman collection that breaks the collection format, naming the place', async () => {
      const broken = JSON.parse(POSTMAN) as { item: { item: { request: unknown }[] }[] };
      broken.item[0].item[0].request = { method: 5 };
      expect(await failure(JSON.stringify(broken, null, 2))).toMatchObject({
        key: 'api_import_invalid',
        params: { place: expect.stringMatching(/^\/item\/0\/item\/0\/request(\/method)? \(line \d+\)$/) },
      });
    });

    it('Postman 1.0, a JSON file that is no API description, a document without operations, an unsupported version', async () => {
      expect((await failure(JSON.stringify({ id: 'x', name: 'old', requests: [] }))).key).toBe('api_import_postman_v1');
      expect((await failure('{"hello": 1}')).key).toBe('api_import_not_api');
      expect((await failure('just: text')).key).toBe('api_import_not_api');
      expect((await failure(JSON.stringify({ openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: {} }))).key).toBe('api_import_no_operations');
      expect(await failure(JSON.stringify({ openapi: '4.0.0', info: { title: 'x', version: '1' }, paths: {} }))).toMatchObject({
        key: 'api_import_invalid',
        params: { place: '/openapi (line 1)' },
      });
    });
  });
});
