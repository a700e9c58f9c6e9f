import { type ApiMedia, type ApiOperationSpec, type ApiParameterSpec, type ApiResponseSpec, AppError } from '@quire/proto';
import { z } from 'zod';
import type { ApiDocument, ApiOperationDoc, ApiResponse, FieldRow, ParameterRow } from './api-model';
import { type ApiSource, describePlace } from './api-source';
import type { ApiWords } from './api-words';
import { inferSchema, joinText, scalarText, SchemaReader } from './schema-reader';

/** `{content}` or a string. */
const Description = z.union([z.string(), z.looseObject({ content: z.string().nullish() }), z.null()]);
const KeyValue = z.looseObject({
  key: z.string().nullish(),
  value: z.unknown().optional(),
  description: Description.optional(),
  disabled: z.boolean().optional(),
  type: z.string().optional(),
});
const Url = z.union([
  z.string(),
  z.looseObject({
    raw: z.string().optional(),
    protocol: z.string().optional(),
    host: z.union([z.string(), z.array(z.string())]).optional(),
    path: z.union([z.string(), z.array(z.union([z.string(), z.looseObject({ value: z.string().nullish() })]))]).optional(),
    query: z.array(KeyValue).nullish(),
    variable: z.array(KeyValue).nullish(),
  }),
]);
const Headers = z.union([z.array(KeyValue), z.string(), z.null()]);
const Body = z.looseObject({
  mode: z.string().optional(),
  raw: z.string().optional(),
  urlencoded: z.array(KeyValue).optional(),
  formdata: z.array(KeyValue).optional(),
  graphql: z.looseObject({ query: z.string().optional(), variables: z.string().optional() }).optional(),
  options: z.looseObject({ raw: z.looseObject({ language: z.string().optional() }).optional() }).optional(),
});
const Request = z.union([
  z.string(),
  z.looseObject({
    method: z.string().optional(),
    url: Url.optional(),
    header: Headers.optional(),
    body: Body.nullish(),
    description: Description.optional(),
    auth: z.looseObject({ type: z.string() }).nullish(),
  }),
]);
const Response = z.looseObject({
  name: z.string().optional(),
  code: z.number().int().optional(),
  status: z.string().optional(),
  header: Headers.optional(),
  body: z.string().nullish(),
});
interface PostmanItem {
  name?: string;
  id?: string;
  description?: z.infer<typeof Description>;
  request?: z.infer<typeof Request>;
  response?: z.infer<typeof Response>[];
  item?: PostmanItem[];
  auth?: { type: string } | null;
}
const Item: z.ZodType<PostmanItem> = z.lazy(() =>
  z.looseObject({
    name: z.string().optional(),
    id: z.string().optional(),
    description: Description.optional(),
    request: Request.optional(),
    response: z.array(Response).optional(),
    item: z.array(Item).optional(),
    auth: z.looseObject({ type: z.string() }).nullish(),
  }),
);
const Collection = z.looseObject({
  info: z.looseObject({ name: z.string(), schema: z.string(), description: Description.optional() }),
  item: z.array(Item),
  auth: z.looseObject({ type: z.string() }).nullish(),
});
type PostmanRequest = Exclude<z.infer<typeof Request>, string>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Postman collection: `info.schema` names the collection format (v1 has no `info`, but `requests`). */
export function postmanVersion(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  if (Array.isArray(value.requests) && value.info === undefined) return '1.0.0';
  if (!isObject(value.info) || !Array.isArray(value.item)) return undefined;
  const schema = typeof value.info.schema === 'string' ? value.info.schema : '';
  const version = /collection\/v(\d+\.\d+\.\d+)/.exec(schema)?.[1];
  return version ?? (value.info._postman_id !== undefined || schema.includes('postman') ? '2.1.0' : undefined);
}

/** Reads a Postman 2.0 / 2.1 collection: folders become catalogs, requests pages. */
export function readPostman(source: ApiSource, origin: string, words: ApiWords): ApiDocument {
  const version = postmanVersion(source.value);
  if (version === '1.0.0') throw AppError.failed('api_import_postman_v1');
  if (!version) throw AppError.failed('api_import_not_api');
  const parsed = Collection.safeParse(source.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw AppError.failed('api_import_invalid', { place: describePlace(source, issue.path as (string | number)[]), reason: issue.message });
  }
  const collection = parsed.data;
  const operations: ApiOperationDoc[] = [];
  const folders: string[] = [];
  const reader = new PostmanReader(words, version, origin, collection.auth?.type);
  const visit = (items: PostmanItem[], path: string[], inheritedAuth: string | undefined) => {
    for (const item of items) {
      const auth = item.auth?.type ?? inheritedAuth;
      if (item.item) {
        const name = (item.name ?? '').trim() || 'folder';
        if (path.length === 0 && !folders.includes(name)) folders.push(name);
        visit(item.item, [...path, name], auth);
      } else if (item.request !== undefined) operations.push(reader.operation(item, path, auth));
    }
  };
  visit(collection.item, [], collection.auth?.type);
  const title = collection.info.name.trim();
  const description = descriptionText(collection.info.description);
  const info = description ? { title, version: version, description } : { title, version };
  return {
    title,
    description,
    catalogOrder: folders,
    operations,
    source: { source: { format: 'postman', version, origin, info, servers: [], tags: folders.map((name) => ({ name })), security_schemes: {}, schema_count: 0 }, schemas: [] },
  };
}

function descriptionText(description: z.infer<typeof Description> | undefined): string {
  if (typeof description === 'string') return description.trim();
  return (description?.content ?? '').trim();
}

class PostmanReader {
  constructor(
    private readonly words: ApiWords,
    private readonly version: string,
    private readonly origin: string,
    private readonly collectionAuth: string | undefined,
  ) {}

  operation(item: PostmanItem, folders: string[], auth: string | undefined): ApiOperationDoc {
    const request: PostmanRequest = typeof item.request === 'string' ? { url: item.request, method: 'GET' } : (item.request ?? {});
    const method = (request.method ?? 'GET').toUpperCase();
    const url = typeof request.url === 'string' ? { raw: request.url } : (request.url ?? {});
    const raw = url.raw ?? '';
    const path = this.path(url, raw);
    const name = (item.name ?? '').trim();
    const parameters: ParameterRow[] = [];
    for (const variable of url.variable ?? []) parameters.push(this.row(variable, 'path', true));
    for (const query of url.query ?? []) if (!query.disabled) parameters.push(this.row(query, 'query', false));
    for (const header of Array.isArray(request.header) ? request.header : []) if (!header.disabled) parameters.push(this.row(header, 'header', false));
    const requestAuth = request.auth?.type ?? auth;
    const spec = this.spec(request, url, item, name, folders);
    return {
      operation: { method, path, operation_id: item.id ?? (name || `${method} ${path}`), source: { format: 'postman', version: this.version, origin: this.origin }, spec },
      catalog: folders,
      title: name || `${method} ${path}`,
      summary: name,
      description: descriptionText(request.description ?? item.description),
      deprecated: false,
      url: raw || path,
      parameters,
      requestBody: this.body(request.body ?? undefined),
      responses: (item.response ?? []).map((response) => this.response(response)),
      security: requestAuth && requestAuth !== 'noauth' ? [[requestAuth]] : this.collectionAuth === undefined ? undefined : [[]],
    };
  }

  /** The request as an OpenAPI 3.1 operation: its parameters with their values as examples, bodies with schemas inferred from JSON. */
  private spec(request: PostmanRequest, url: Exclude<z.infer<typeof Url>, string>, item: PostmanItem, name: string, folders: string[]): ApiOperationSpec {
    const parameter = (entry: z.infer<typeof KeyValue>, place: ApiParameterSpec['in']): ApiParameterSpec => {
      const description = descriptionText(entry.description);
      const value = entry.value === undefined || entry.value === null ? undefined : scalarText(entry.value);
      return { name: entry.key ?? '', in: place, required: place === 'path', ...(description ? { description } : {}), schema: { type: 'string' }, ...(value ? { example: value } : {}) };
    };
    const parameters: ApiParameterSpec[] = [
      ...(url.variable ?? []).map((entry) => parameter(entry, 'path')),
      ...(url.query ?? []).filter((entry) => !entry.disabled).map((entry) => parameter(entry, 'query')),
      ...(Array.isArray(request.header) ? request.header : []).filter((entry) => !entry.disabled).map((entry) => parameter(entry, 'header')),
    ];
    const responses: Record<string, ApiResponseSpec> = {};
    for (const response of item.response ?? []) {
      const status = response.code !== undefined ? String(response.code) : 'default';
      if (responses[status]) continue;
      const headers = Array.isArray(response.header) ? response.header : [];
      const text = response.body ?? '';
      const json = parseJson(text);
      const contentType = scalarText(headers.find((header) => header.key?.toLowerCase() === 'content-type')?.value ?? (json !== undefined ? 'application/json' : 'text/plain'));
      const description = [...new Set([response.status, response.name].filter(Boolean))].join(' — ');
      responses[status] = text.trim() ? { description, content: { [contentType]: mediaOf(json, text) } } : { description };
    }
    const requestBody = this.specBody(request.body ?? undefined);
    const description = descriptionText(request.description ?? item.description);
    return {
      ...(name ? { summary: name } : {}),
      ...(description ? { description } : {}),
      tags: folders.length > 0 ? [folders[folders.length - 1]] : [],
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses,
      schema_refs: [],
    };
  }

  private specBody(body: z.infer<typeof Body> | undefined): ApiOperationSpec['requestBody'] {
    const read = this.body(body);
    if (!read || !body) return undefined;
    if (body.mode === 'raw') return { required: true, content: { [read.contentType]: mediaOf(parseJson(body.raw ?? ''), body.raw ?? '') } };
    if (body.mode === 'urlencoded' || body.mode === 'formdata') {
      const entries = ((body.mode === 'urlencoded' ? body.urlencoded : body.formdata) ?? []).filter((entry) => !entry.disabled);
      const properties = Object.fromEntries(entries.map((entry) => [entry.key ?? '', entry.type === 'file' ? { type: 'string', format: 'binary' } : { type: 'string' }]));
      const example = Object.fromEntries(
        entries.filter((entry) => entry.type !== 'file' && entry.value !== undefined && entry.value !== null).map((entry) => [entry.key ?? '', scalarText(entry.value)]),
      );
      return { required: true, content: { [read.contentType]: { schema: { type: 'object', properties }, example } } };
    }
    return { required: true, content: { [read.contentType]: { schema: { type: 'string' }, example: read.example } } };
  }

  /** `/users/:id` from the URL's path segments, else from the raw URL without scheme, host and query. */
  private path(url: Exclude<z.infer<typeof Url>, string>, raw: string): string {
    if (Array.isArray(url.path)) return `/${url.path.map((segment) => (typeof segment === 'string' ? segment : (segment.value ?? ''))).join('/')}`;
    if (typeof url.path === 'string') return url.path.startsWith('/') ? url.path : `/${url.path}`;
    const withoutQuery = raw.split(/[?#]/)[0];
    const match = /^(?:[a-z]+:\/\/)?[^/]*(\/.*)?$/i.exec(withoutQuery);
    return match?.[1] ?? '/';
  }

  private row(entry: z.infer<typeof KeyValue>, where: string, required: boolean): ParameterRow {
    const value = entry.value === undefined || entry.value === null ? '' : scalarText(entry.value);
    return {
      name: entry.key ?? '',
      in: where,
      required,
      type: entry.type === 'file' ? 'file' : 'string',
      description: joinText([descriptionText(entry.description), value ? this.words.exampleValue(value) : '']),
    };
  }

  private body(body: z.infer<typeof Body> | undefined): ApiOperationDoc['requestBody'] {
    if (!body?.mode) return undefined;
    if (body.mode === 'raw') {
      const raw = body.raw ?? '';
      if (!raw.trim()) return undefined;
      const language = body.options?.raw?.language ?? '';
      const json = parseJson(raw);
      const contentType = json !== undefined || language === 'json' ? 'application/json' : language === 'xml' ? 'application/xml' : 'text/plain';
      return {
        contentType,
        otherTypes: [],
        fields: json !== undefined ? this.fieldsOf(json) : [],
        example: json !== undefined ? JSON.stringify(json, null, 2) : raw,
        required: true,
        description: '',
      };
    }
    if (body.mode === 'urlencoded' || body.mode === 'formdata') {
      const entries = (body.mode === 'urlencoded' ? body.urlencoded : body.formdata) ?? [];
      const fields: FieldRow[] = entries.filter((entry) => !entry.disabled).map((entry) => ({ ...this.row(entry, 'body', false), required: false }));
      return { contentType: body.mode === 'urlencoded' ? 'application/x-www-form-urlencoded' : 'multipart/form-data', otherTypes: [], fields, example: '', required: true, description: '' };
    }
    if (body.mode === 'graphql' && body.graphql) {
      return { contentType: 'application/graphql', otherTypes: [], fields: [], example: body.graphql.query ?? '', required: true, description: '' };
    }
    return undefined;
  }

  private response(response: z.infer<typeof Response>): ApiResponse {
    const text = response.body ?? '';
    const json = parseJson(text);
    const headers = Array.isArray(response.header) ? response.header : [];
    const contentType = scalarText(headers.find((header) => header.key?.toLowerCase() === 'content-type')?.value ?? (json !== undefined ? 'application/json' : 'text/plain'));
    return {
      status: response.code !== undefined ? String(response.code) : 'default',
      description: [...new Set([response.status, response.name].filter(Boolean))].join(' — '),
      headers: [],
      body: text.trim()
        ? { contentType, otherTypes: [], fields: json !== undefined ? this.fieldsOf(json) : [], example: json !== undefined ? JSON.stringify(json, null, 2) : text }
        : undefined,
    };
  }

  private fieldsOf(value: unknown): FieldRow[] {
    return new SchemaReader({}, this.words).fields(inferSchema(value));
  }
}

function mediaOf(json: unknown, text: string): ApiMedia {
  return json !== undefined ? { schema: inferSchema(json), example: json } : { schema: { type: 'string' }, example: text };
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}
