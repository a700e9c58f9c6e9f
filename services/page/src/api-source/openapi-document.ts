import type { ApiMedia, ApiOperation, ApiSchemaRow, ApiSourceRecord } from '@quire/proto';

type Json = Record<string, unknown>;

/** One generated page going into an export, in menu order. */
export interface ExportedOperation {
  page_title: string;
  /** The nearest catalog the page is in, inside what is exported ('' at its top). */
  catalog: string;
  operation: ApiOperation;
}

export interface OpenApiExportInput {
  /** The item's name (with the catalog's, for a catalog): the title when no import's info is known. */
  title: string;
  description: string;
  operations: ExportedOperation[];
  sources: ApiSourceRecord[];
  schemas: ApiSchemaRow[];
}

/** An OpenAPI 3.1 document and what was left out of it. */
export interface OpenApiExport {
  document: Json;
  /** Operations whose method and path an earlier page already had. */
  duplicates: number;
}

/** Catalogs the import made for untagged operations carry no tag back. */
const DEFAULT_CATALOG = 'default';
const METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

/**
 * The generated pages of an item or catalog as one OpenAPI 3.1 document: each page's stored operation (tags from
 * the catalogs the pages are in now), the named schemas and security schemes of the imports they came from, and
 * the first import's info and servers. Importing the result gives the same operations, parameters and schemas.
 */
export function buildOpenApiDocument(input: OpenApiExportInput): OpenApiExport {
  const sources = new Map(input.sources.map((source) => [source.source_id, source]));
  const first = input.sources[0];
  const multiple = input.sources.length > 1;
  const paths: Record<string, Json> = {};
  const tagNames: string[] = [];
  let duplicates = 0;
  for (const { page_title: pageTitle, catalog, operation } of input.operations) {
    const method = operation.method.toUpperCase();
    if (!METHODS.has(method)) continue;
    const path = openApiPath(operation.path);
    const item = (paths[path] ??= {});
    const key = method.toLowerCase();
    if (item[key] !== undefined) {
      duplicates += 1;
      continue;
    }
    const spec = operation.spec;
    const source = operation.source.source_id !== undefined ? sources.get(operation.source.source_id) : undefined;
    const tags = tagsOf(catalog, spec?.tags ?? []);
    for (const tag of tags) if (!tagNames.includes(tag)) tagNames.push(tag);
    if (!spec) {
      item[key] = compact({ tags: tags.length > 0 ? tags : undefined, summary: pageTitle, operationId: operation.operation_id || undefined });
      continue;
    }
    const security = spec.security ?? (multiple && source?.security ? source.security : undefined);
    item[key] = compact({
      tags: tags.length > 0 ? tags : undefined,
      summary: spec.summary,
      description: spec.description,
      operationId: spec.operationId,
      parameters: spec.parameters.length > 0 ? spec.parameters.map((parameter) => compact({ ...parameter, content: media(parameter.content) })) : undefined,
      requestBody: spec.requestBody ? compact({ ...spec.requestBody, content: media(spec.requestBody.content) ?? {} }) : undefined,
      responses:
        Object.keys(spec.responses).length > 0
          ? Object.fromEntries(Object.entries(spec.responses).map(([status, response]) => [status, compact({ ...response, content: media(response.content) })]))
          : undefined,
      deprecated: spec.deprecated,
      security,
      servers: spec.servers,
    });
  }
  const schemas: Json = {};
  for (const row of input.schemas) if (!(row.name in schemas)) schemas[row.name] = row.schema;
  const securitySchemes: Json = {};
  for (const source of input.sources) for (const [name, scheme] of Object.entries(source.security_schemes)) if (!(name in securitySchemes)) securitySchemes[name] = scheme;
  const described = new Map(input.sources.flatMap((source) => source.tags.map((tag) => [tag.name, tag] as const)).reverse());
  const components = compact({ schemas: Object.keys(schemas).length > 0 ? schemas : undefined, securitySchemes: Object.keys(securitySchemes).length > 0 ? securitySchemes : undefined });
  const info = first ? infoOf(first.info, input.title) : compact({ title: input.title || 'API', version: '1.0.0', description: input.description || undefined });
  const document = compact({
    openapi: '3.1.0',
    info,
    servers: first && first.servers.length > 0 ? first.servers : undefined,
    security: !multiple && first?.security ? first.security : undefined,
    tags: tagNames.length > 0 ? tagNames.map((name) => described.get(name) ?? { name }) : undefined,
    paths,
    components: Object.keys(components).length > 0 ? components : undefined,
  });
  return { document, duplicates };
}

/** The page's catalog is its first tag (moved pages follow their catalog); the import's `default` catalog is no tag. */
function tagsOf(catalog: string, tags: string[]): string[] {
  if (!catalog || catalog === tags[0]) return tags;
  if (catalog === DEFAULT_CATALOG && tags.length === 0) return [];
  return [catalog, ...tags.slice(1).filter((tag) => tag !== catalog)];
}

/** Postman's `/users/:id` as OpenAPI writes it (`/users/{id}`). */
function openApiPath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.replace(/(^|\/):([A-Za-z0-9_.-]+)(?=\/|$)/g, '$1{$2}');
}

function media(content: Record<string, ApiMedia> | undefined): Record<string, ApiMedia> | undefined {
  return content ? Object.fromEntries(Object.entries(content).map(([type, entry]) => [type, compact({ ...entry })])) : undefined;
}

function infoOf(info: Record<string, unknown>, fallback: string): Json {
  const title = typeof info.title === 'string' && info.title ? info.title : fallback || 'API';
  const version = typeof info.version === 'string' && info.version ? info.version : '1.0.0';
  return { ...info, title, version };
}
