import { type ApiOperation, apiGeneratedPart, API_GENERATED_END, withGeneratedPart } from '@quire/proto';
import { diffOperations, sameOperation, schemaType } from './api-diff';
import { convertApiDocument } from './api-plan';

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

/** A small OpenAPI 3.0 document; `change` edits a copy before it is converted. */
function shop(change: (doc: TestDocument) => void = () => undefined): string {
  const doc: TestDocument = {
    openapi: '3.0.3',
    info: { title: 'Shop', version: '1' },
    paths: {
      '/orders': {
        get: {
          operationId: 'listOrders',
          summary: 'List orders',
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'string' } },
            { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'The orders', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Order' } } } } } },
        },
        post: {
          operationId: 'createOrder',
          summary: 'Create an order',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
          responses: { '201': { description: 'Created' } },
        },
      },
    },
    components: { schemas: { Order: { type: 'object', properties: { id: { type: 'integer' }, price: { type: 'number' } } } } },
  };
  change(doc);
  return JSON.stringify(doc);
}

async function operations(text: string): Promise<Map<string, ApiOperation>> {
  const plan = await convertApiDocument(text, { origin: 'shop.json', language: 'en' });
  return new Map(plan.pages.map((page) => [`${page.operation.method} ${page.operation.path}`, page.operation]));
}

async function diff(change: (doc: TestDocument) => void, key = 'GET /orders') {
  const before = (await operations(shop())).get(key)!;
  const after = (await operations(shop(change))).get(key)!;
  return diffOperations(before, after);
}

describe(diffOperations.name, () => {
  it('finds nothing in the same document written in another layout', async () => {
    const before = (await operations(shop())).get('GET /orders')!;
    const again = (await operations(JSON.stringify(JSON.parse(shop()), null, 2))).get('GET /orders')!;
    expect(diffOperations(before, again)).toEqual([]);
    expect(sameOperation(before, again)).toBe(true);
  });

  it('names a parameter added, removed, retyped and made required', async () => {
    const changes = await diff((doc) => {
      const get = doc.paths['/orders'].get;
      get.parameters = [
        { name: 'limit', in: 'query', required: true, schema: { type: 'integer', format: 'int32' } },
        { name: 'cursor', in: 'query', schema: { type: 'string' } },
      ];
    });
    expect(changes).toEqual([
      { kind: 'parameter_type', name: 'query limit', from: 'string', to: 'integer(int32)' },
      { kind: 'parameter_required', name: 'query limit', from: 'false', to: 'true' },
      { kind: 'parameter_added', name: 'query cursor', to: 'string' },
      { kind: 'parameter_removed', name: 'header X-Trace', from: 'string' },
    ]);
  });

  it('names responses added, removed and changed, and deprecation', async () => {
    const changes = await diff((doc) => {
      const get = doc.paths['/orders'].get;
      get.deprecated = true;
      get.responses['404'] = { description: 'No such shop' };
      get.responses['200'].content!['application/json'].schema = { type: 'object', properties: { orders: { type: 'array' } } };
    });
    expect(changes).toEqual([
      { kind: 'deprecated', from: 'false', to: 'true' },
      { kind: 'response_added', name: '404' },
      { kind: 'response_changed', name: '200 application/json', from: 'Order[]', to: 'object' },
    ]);
    expect(
      await diff((doc) => {
        doc.paths['/orders'].get.responses = { '400': { description: 'Bad request' } };
      }),
    ).toEqual([
      { kind: 'response_added', name: '400' },
      { kind: 'response_removed', name: '200' },
    ]);
  });

  it('names the request body removed, made optional, and given another media type', async () => {
    expect(await diff((doc) => delete doc.paths['/orders'].post.requestBody, 'POST /orders')).toEqual([{ kind: 'request_body_removed', from: 'application/json' }]);
    expect(
      await diff((doc) => {
        doc.paths['/orders'].post.requestBody = { required: false, content: { 'application/xml': { schema: { $ref: '#/components/schemas/Order' } } } };
      }, 'POST /orders'),
    ).toEqual([
      { kind: 'request_body_required', from: 'true', to: 'false' },
      { kind: 'request_body_changed', name: 'application/json', from: 'Order' },
      { kind: 'request_body_changed', name: 'application/xml', to: 'Order' },
    ]);
  });

  it('names summary and security changes', async () => {
    const changes = await diff((doc) => {
      doc.paths['/orders'].get.summary = 'All orders';
      doc.paths['/orders'].get.security = [{ api_key: [] }];
      doc.components.securitySchemes = { api_key: { type: 'apiKey', in: 'header', name: 'X-Key' } };
    });
    expect(changes).toEqual([
      { kind: 'summary', from: 'List orders', to: 'All orders' },
      { kind: 'security', from: '', to: 'api_key' },
    ]);
  });

  it('finds no field change when only a named schema changed (the page text tells it apart)', async () => {
    const changes = await diff((doc) => {
      doc.components.schemas.Order.properties.price = { type: 'string' };
    });
    expect(changes).toEqual([]);
  });

  it('says nothing of an operation stored before specs were kept', async () => {
    const after = (await operations(shop())).get('GET /orders')!;
    const { spec: _spec, ...before } = after;
    expect(diffOperations(before, after)).toEqual([]);
    expect(sameOperation(before, after)).toBe(false);
  });
});

describe(schemaType.name, () => {
  it.each([
    [{ type: ['string', 'null'] }, 'string|null'],
    [{ type: 'array', items: { type: 'integer' } }, 'integer[]'],
    [{ oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] }, 'oneOf(Cat, Dog)'],
    [{ properties: { a: {} } }, 'object'],
    [true, 'any'],
  ])('%j reads %s', (schema, expected) => {
    expect(schemaType(schema)).toBe(expected);
  });
});

describe('generated part of a page', () => {
  it('keeps what a person wrote below the marker and replaces what is above', () => {
    const first = withGeneratedPart('## Old\n');
    expect(first).toBe(`## Old\n\n${API_GENERATED_END}\n`);
    const edited = `${first}\nCall it with the staff token.\n`;
    const next = withGeneratedPart('## New\n', edited);
    expect(next).toBe(`## New\n\n${API_GENERATED_END}\n\nCall it with the staff token.\n`);
    expect(apiGeneratedPart(next)).toBe('## New');
    expect(withGeneratedPart('## New', 'a page written before markers')).toBe(`## New\n\n${API_GENERATED_END}\n`);
  });
});
