import {
  API_OPERATION_MAX_BYTES,
  API_SCHEMA_MAX_BYTES,
  AppError,
  type ApiExample,
  type ApiHeaderSpec,
  type ApiMedia,
  type ApiOperationSpec,
  type ApiParameterSpec,
  type ApiRequestBodySpec,
  type ApiResponseSpec,
  type ApiSecurityRequirement,
  type ApiServer,
  type ImportApiSourceDto,
  type JsonSchema,
} from '@quire/proto';
import { fromPointer } from './api-source';

type Json = Record<string, unknown>;

/** What an import keeps of its document besides the operations: the source record (without its item) and the named schemas. */
export interface ApiSourceParts {
  source: Omit<ImportApiSourceDto, 'item_id'>;
  schemas: { name: string; schema: JsonSchema }[];
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const scalar = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
const SCHEMA_PREFIX = '#/components/schemas/';
const PARAMETER_PLACES = new Set(['path', 'query', 'header', 'cookie']);
/** Keywords whose value is one subschema / a list of them / a map of them. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'additionalItems'];
const MANY = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
/** Keywords holding data, whose `$ref`s (into the document's examples) are resolved as the document's readers resolve them. */
const DATA_KEYWORDS = ['example', 'examples', 'default', 'const', 'enum'];

/** Drops the keys whose value is undefined (a stored operation compares equal to itself read again). */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

/** `#/components/schemas/a~1b` and Swagger 2.0's `#/definitions/a~1b` → the schema's name `a/b`. */
export function namedSchemaOf(ref: string): string | undefined {
  for (const prefix of [SCHEMA_PREFIX, '#/definitions/']) {
    if (ref.startsWith(prefix) && !ref.slice(prefix.length).includes('/')) return fromPointer(`#/${ref.slice(prefix.length)}`)[0];
  }
  return undefined;
}

export function schemaRef(name: string): string {
  return `${SCHEMA_PREFIX}${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/**
 * Normalizes an OpenAPI 3.1 / 3.0 or Swagger 2.0 document, operation by operation, into the stored shape
 * (`ApiOperationSpec`, OpenAPI 3.1): named schemas stay `$ref`s to `#/components/schemas/…` (so a circular schema
 * stays finite), every other local `$ref` is resolved in place, 3.0's and 2.0's differences are rewritten as 3.1.
 */
export class OpenApiSpecReader {
  private readonly swagger: boolean;
  private readonly legacy: boolean;
  private readonly directRefs = new Map<string, Set<string>>();

  constructor(
    private readonly doc: Json,
    private readonly format: 'swagger' | 'openapi',
    private readonly version: string,
  ) {
    this.swagger = format === 'swagger';
    this.legacy = this.swagger || !version.startsWith('3.1');
  }

  private get namedSchemas(): Json {
    const components = isObject(this.doc.components) ? this.doc.components : {};
    const schemas = this.swagger ? this.doc.definitions : components.schemas;
    return isObject(schemas) ? schemas : {};
  }

  /** The document-level parts and every named schema, normalized. */
  sourceParts(origin: string): ApiSourceParts {
    const schemas: ApiSourceParts['schemas'] = [];
    for (const [name, raw] of Object.entries(this.namedSchemas)) {
      const refs = new Set<string>();
      const schema = this.schema(raw, refs, new Set());
      this.directRefs.set(name, refs);
      if (JSON.stringify(schema).length > API_SCHEMA_MAX_BYTES) throw AppError.failed('api_import_schema_too_large', { name: name.slice(0, 200), max: API_SCHEMA_MAX_BYTES / 1024 });
      schemas.push({ name, schema });
    }
    const tags = (Array.isArray(this.doc.tags) ? this.doc.tags : [])
      .filter(isObject)
      .map((tag) => compact({ name: text(tag.name) ?? '', description: text(tag.description), externalDocs: tag.externalDocs }));
    return {
      source: compact({
        format: this.format,
        version: this.version,
        origin,
        info: isObject(this.doc.info) ? this.doc.info : {},
        servers: this.swagger ? this.swaggerServers() : (this.servers(this.doc.servers) ?? []),
        security: this.security(this.doc.security),
        tags,
        security_schemes: this.securitySchemes(),
        schema_count: schemas.length,
      }),
      schemas,
    };
  }

  /** One operation, whole. */
  operation(pathItem: Json, operation: Json): ApiOperationSpec {
    const refs = new Set<string>();
    const raw = this.rawParameters(pathItem, operation);
    const parameters = raw.filter((parameter) => PARAMETER_PLACES.has(String(parameter.in))).map((parameter) => this.parameter(parameter, refs));
    let requestBody: ApiRequestBodySpec | undefined;
    if (this.swagger) requestBody = this.swaggerBody(operation, raw, refs);
    else {
      const body = this.resolve(operation.requestBody);
      if (body) requestBody = compact({ description: text(body.description), required: body.required === true, content: this.content(body.content, refs) ?? {} });
    }
    const responses: Record<string, ApiResponseSpec> = {};
    for (const [status, rawResponse] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
      responses[status] = this.response(this.resolve(rawResponse) ?? {}, operation, refs);
    }
    const spec: ApiOperationSpec = compact({
      operationId: text(operation.operationId),
      summary: text(operation.summary) ?? text(pathItem.summary),
      description: text(operation.description) ?? text(pathItem.description),
      tags: Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === 'string') : [],
      deprecated: operation.deprecated === true ? true : undefined,
      parameters,
      requestBody,
      responses,
      security: this.security(operation.security),
      servers: this.swagger ? undefined : (this.servers(operation.servers) ?? this.servers(pathItem.servers)),
      schema_refs: this.closure(refs),
    });
    return bounded(spec);
  }

  private closure(direct: Set<string>): string[] {
    const seen = new Set<string>();
    const queue = [...direct];
    while (queue.length > 0) {
      const name = queue.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      if (!this.directRefs.has(name)) {
        const refs = new Set<string>();
        this.schema(this.namedSchemas[name], refs, new Set());
        this.directRefs.set(name, refs);
      }
      queue.push(...this.directRefs.get(name)!);
    }
    return [...seen].sort();
  }

  private rawParameters(pathItem: Json, operation: Json): Json[] {
    const byKey = new Map<string, Json>();
    for (const list of [pathItem.parameters, operation.parameters]) {
      if (!Array.isArray(list)) continue;
      for (const entry of list) {
        const parameter = this.resolve(entry);
        if (parameter) byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
      }
    }
    return [...byKey.values()];
  }

  private parameter(raw: Json, refs: Set<string>): ApiParameterSpec {
    const place = String(raw.in) as ApiParameterSpec['in'];
    const base = {
      name: text(raw.name) ?? '',
      in: place,
      required: place === 'path' ? true : raw.required === true,
      description: text(raw.description),
      deprecated: raw.deprecated === true ? true : undefined,
    };
    if (this.swagger) {
      const format = text(raw.collectionFormat);
      return compact({
        ...base,
        schema: this.schema(swaggerSchema(raw), refs, new Set()),
        example: raw['x-example'],
        style: format === 'ssv' ? 'spaceDelimited' : format === 'pipes' ? 'pipeDelimited' : undefined,
        explode: raw.type === 'array' && place === 'query' ? format === 'multi' : undefined,
      });
    }
    return compact({
      ...base,
      schema: raw.schema !== undefined ? this.schema(raw.schema, refs, new Set()) : undefined,
      example: this.value(raw.example),
      examples: this.examples(raw.examples),
      style: text(raw.style),
      explode: typeof raw.explode === 'boolean' ? raw.explode : undefined,
      allowReserved: raw.allowReserved === true ? true : undefined,
      content: this.content(raw.content, refs),
    });
  }

  /** Swagger 2.0: the `body` parameter, or the `formData` ones as the properties of a form. */
  private swaggerBody(operation: Json, raw: Json[], refs: Set<string>): ApiRequestBodySpec | undefined {
    const consumes = mediaTypes(operation.consumes, this.doc.consumes);
    const body = raw.find((parameter) => parameter.in === 'body');
    if (body) {
      const schema = this.schema(body.schema ?? {}, refs, new Set());
      const types = consumes.length > 0 ? consumes : ['application/json'];
      return compact({ description: text(body.description), required: body.required === true, content: Object.fromEntries(types.map((type) => [type, { schema }])) });
    }
    const form = raw.filter((parameter) => parameter.in === 'formData');
    if (form.length === 0) return undefined;
    const properties: Json = {};
    for (const parameter of form) {
      const schema = this.schema(swaggerSchema(parameter), refs, new Set());
      properties[String(parameter.name)] = text(parameter.description) !== undefined && isObject(schema) ? { ...schema, description: parameter.description } : schema;
    }
    const required = form.filter((parameter) => parameter.required === true).map((parameter) => String(parameter.name));
    const schema = compact({ type: 'object', properties, required: required.length > 0 ? required : undefined });
    const formTypes = consumes.filter((type) => type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded');
    const types = formTypes.length > 0 ? formTypes : [form.some((parameter) => parameter.type === 'file') ? 'multipart/form-data' : 'application/x-www-form-urlencoded'];
    return { required: required.length > 0, content: Object.fromEntries(types.map((type) => [type, { schema }])) };
  }

  private response(response: Json, operation: Json, refs: Set<string>): ApiResponseSpec {
    const headers: Record<string, ApiHeaderSpec> = {};
    for (const [name, rawHeader] of Object.entries(isObject(response.headers) ? response.headers : {})) {
      const header = this.resolve(rawHeader) ?? {};
      headers[name] = compact({
        description: text(header.description),
        required: header.required === true ? true : undefined,
        deprecated: header.deprecated === true ? true : undefined,
        schema: this.schema(this.swagger ? swaggerSchema(header) : (header.schema ?? {}), refs, new Set()),
        example: this.value(this.swagger ? header['x-example'] : header.example),
      });
    }
    let content: Record<string, ApiMedia> | undefined;
    if (this.swagger) {
      const examples = isObject(response.examples) ? response.examples : {};
      if (response.schema !== undefined || Object.keys(examples).length > 0) {
        const produces = mediaTypes(operation.produces, this.doc.produces);
        const types = [...(produces.length > 0 ? produces : ['application/json'])];
        for (const type of Object.keys(examples)) if (!types.includes(type)) types.push(type);
        const schema = response.schema !== undefined ? this.schema(response.schema, refs, new Set()) : undefined;
        content = Object.fromEntries(types.map((type) => [type, compact({ schema, example: this.value(examples[type]) })]));
      }
    } else content = this.content(response.content, refs);
    return compact({ description: text(response.description) ?? '', headers: Object.keys(headers).length > 0 ? headers : undefined, content });
  }

  private content(raw: unknown, refs: Set<string>): Record<string, ApiMedia> | undefined {
    if (!isObject(raw)) return undefined;
    const content: Record<string, ApiMedia> = {};
    for (const [type, rawMedia] of Object.entries(raw)) {
      const media = isObject(rawMedia) ? rawMedia : {};
      content[type] = compact({
        schema: media.schema !== undefined ? this.schema(media.schema, refs, new Set()) : undefined,
        example: this.value(media.example),
        examples: this.examples(media.examples),
      });
    }
    return content;
  }

  private examples(raw: unknown): Record<string, ApiExample> | undefined {
    if (!isObject(raw)) return undefined;
    const examples: Record<string, ApiExample> = {};
    for (const [name, rawExample] of Object.entries(raw)) {
      const example = this.resolve(rawExample) ?? {};
      examples[name] = compact({ summary: text(example.summary), description: text(example.description), value: this.value(example.value), externalValue: text(example.externalValue) });
    }
    return examples;
  }

  /**
   * A schema in 3.1 form: references to named schemas kept (and noted in `refs`), other local references resolved
   * (one met again inside itself becomes `{}`), 3.0 / 2.0 keywords rewritten.
   */
  private schema(node: unknown, refs: Set<string>, following: Set<string>): JsonSchema {
    if (typeof node === 'boolean') return node;
    if (!isObject(node)) return {};
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      const name = namedSchemaOf(ref);
      const { $ref: _ref, ...siblings } = node;
      if (name !== undefined) {
        refs.add(name);
        return Object.keys(siblings).length > 0 && !this.legacy ? { $ref: schemaRef(name), ...(this.schema(siblings, refs, following) as Json) } : { $ref: schemaRef(name) };
      }
      if (!ref.startsWith('#') || following.has(ref)) return ref.startsWith('#') ? {} : { $ref: ref };
      const target = this.lookup(ref);
      return this.schema(target, refs, new Set([...following, ref]));
    }
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (ONE.includes(key) && (isObject(value) || typeof value === 'boolean')) out[key] = this.schema(value, refs, following);
      else if (key === 'items' && Array.isArray(value)) out.prefixItems = value.map((item) => this.schema(item, refs, following));
      else if (MANY.includes(key) && Array.isArray(value)) out[key] = value.map((item) => this.schema(item, refs, following));
      else if (MAP.includes(key) && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, this.schema(item, refs, following)]));
      else out[key] = DATA_KEYWORDS.includes(key) ? this.value(value) : value;
    }
    if (!this.legacy) return out;
    return legacySchema(out, this.swagger);
  }

  /** An example or default value with the local `$ref`s inside it replaced by what they point at (one met again inside itself: `{}`). */
  private value(node: unknown, following: Set<string> = new Set()): unknown {
    if (Array.isArray(node)) return node.map((item) => this.value(item, following));
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
      if (following.has(node.$ref)) return {};
      return this.value(this.lookup(node.$ref), new Set([...following, node.$ref]));
    }
    return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, this.value(item, following)]));
  }

  private resolve(node: unknown): Json | undefined {
    let current = node;
    for (let hops = 0; hops < 32 && isObject(current) && typeof current.$ref === 'string'; hops += 1) {
      if (!current.$ref.startsWith('#')) return undefined;
      current = this.lookup(current.$ref);
    }
    return isObject(current) ? current : undefined;
  }

  private lookup(ref: string): unknown {
    let value: unknown = this.doc;
    for (const segment of fromPointer(ref)) {
      if (Array.isArray(value)) value = value[Number(segment)];
      else if (isObject(value)) value = Object.prototype.hasOwnProperty.call(value, segment) ? value[segment] : undefined;
      else return undefined;
    }
    return value;
  }

  private servers(raw: unknown): ApiServer[] | undefined {
    if (!Array.isArray(raw) || raw.length === 0) return undefined;
    return raw.filter(isObject).map((server) => {
      const variables = isObject(server.variables)
        ? Object.fromEntries(
            Object.entries(server.variables)
              .filter(([, variable]) => isObject(variable))
              .map(([name, variable]) => {
                const v = variable as Json;
                return [name, compact({ default: scalar(v.default), enum: Array.isArray(v.enum) ? v.enum.map(String) : undefined, description: text(v.description) })];
              }),
          )
        : undefined;
      return compact({ url: text(server.url) ?? '', description: text(server.description), variables });
    });
  }

  private swaggerServers(): ApiServer[] {
    const host = text(this.doc.host);
    const basePath = text(this.doc.basePath) ?? '';
    if (!host) return basePath ? [{ url: basePath }] : [];
    const schemes = Array.isArray(this.doc.schemes) && this.doc.schemes.length > 0 ? this.doc.schemes.map(String) : ['https'];
    return schemes.map((scheme) => ({ url: `${scheme}://${host}${basePath}` }));
  }

  private security(raw: unknown): ApiSecurityRequirement[] | undefined {
    if (!Array.isArray(raw)) return undefined;
    return raw.filter(isObject).map((requirement) => Object.fromEntries(Object.entries(requirement).map(([name, scopes]) => [name, Array.isArray(scopes) ? scopes.map(String) : []])));
  }

  private securitySchemes(): Record<string, Json> {
    const components = isObject(this.doc.components) ? this.doc.components : {};
    const raw = this.swagger ? this.doc.securityDefinitions : components.securitySchemes;
    const schemes: Record<string, Json> = {};
    for (const [name, entry] of Object.entries(isObject(raw) ? raw : {})) {
      const scheme = this.resolve(entry);
      if (scheme) schemes[name] = this.swagger ? swaggerScheme(scheme) : scheme;
    }
    return schemes;
  }
}

/** Swagger 2.0 JSON types of a parameter or header → a schema (`type: file` → binary string). */
function swaggerSchema(raw: Json): Json {
  const keys = [
    'type',
    'format',
    'items',
    'default',
    'maximum',
    'exclusiveMaximum',
    'minimum',
    'exclusiveMinimum',
    'maxLength',
    'minLength',
    'pattern',
    'maxItems',
    'minItems',
    'uniqueItems',
    'enum',
    'multipleOf',
  ];
  const schema: Json = {};
  for (const key of keys) if (raw[key] !== undefined) schema[key] = key === 'items' && isObject(raw.items) ? swaggerSchema(raw.items) : raw[key];
  if (raw['x-nullable'] === true) schema.nullable = true;
  return schema;
}

/** 3.0 / 2.0 schema keywords as 3.1 writes them. */
function legacySchema(schema: Json, swagger: boolean): Json {
  const out = { ...schema };
  if (swagger && out.type === 'file') {
    out.type = 'string';
    out.format = 'binary';
  }
  const nullable = out.nullable === true || (swagger && out['x-nullable'] === true);
  if (out.nullable !== undefined) delete out.nullable;
  if (swagger && out['x-nullable'] !== undefined) delete out['x-nullable'];
  if (nullable && typeof out.type === 'string') out.type = [out.type, 'null'];
  else if (nullable && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
  for (const [flag, bound] of [
    ['exclusiveMaximum', 'maximum'],
    ['exclusiveMinimum', 'minimum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else delete out[flag];
  }
  return out;
}

function swaggerScheme(scheme: Json): Json {
  const description = text(scheme.description);
  if (scheme.type === 'basic') return compact({ type: 'http', scheme: 'basic', description });
  if (scheme.type === 'apiKey') return compact({ type: 'apiKey', name: scheme.name, in: scheme.in, description });
  if (scheme.type === 'oauth2') {
    const scopes = isObject(scheme.scopes) ? scheme.scopes : {};
    const flow = String(scheme.flow);
    const name = flow === 'application' ? 'clientCredentials' : flow === 'accessCode' ? 'authorizationCode' : flow;
    return compact({ type: 'oauth2', description, flows: { [name]: compact({ authorizationUrl: scheme.authorizationUrl, tokenUrl: scheme.tokenUrl, scopes }) } });
  }
  return scheme;
}

function mediaTypes(own: unknown, inherited: unknown): string[] {
  return (Array.isArray(own) ? own : Array.isArray(inherited) ? inherited : []).map(String);
}

/** An operation past API_OPERATION_MAX_BYTES loses its examples (and says so). */
function bounded(spec: ApiOperationSpec): ApiOperationSpec {
  if (JSON.stringify(spec).length <= API_OPERATION_MAX_BYTES) return spec;
  const strip = (content?: Record<string, ApiMedia>) => (content ? Object.fromEntries(Object.entries(content).map(([type, media]) => [type, compact({ schema: media.schema })])) : undefined);
  return compact({
    ...spec,
    parameters: spec.parameters.map(({ example: _example, examples: _examples, ...parameter }) => compact({ ...parameter, content: strip(parameter.content) })),
    requestBody: spec.requestBody ? { ...spec.requestBody, content: strip(spec.requestBody.content) ?? {} } : undefined,
    responses: Object.fromEntries(Object.entries(spec.responses).map(([status, response]) => [status, compact({ ...response, content: strip(response.content) })])),
    truncated: true as const,
  });
}
