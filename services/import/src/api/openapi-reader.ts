import { dereference, validate } from '@readme/openapi-parser';
import { AppError } from '@quire/proto';
import type { ApiBody, ApiDocument, ApiOperationDoc, ApiResponse, FieldRow, ParameterRow } from './api-model';
import { type ApiSource, describePlace } from './api-source';
import type { ApiWords } from './api-words';
import { OpenApiSpecReader } from './openapi-spec';
import { joinText, scalarText, SchemaReader } from './schema-reader';

type Json = Record<string, unknown>;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
/** A generated example longer than this is cut (the page stays readable; the document keeps the whole). */
const MAX_EXAMPLE_CHARS = 100_000;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Swagger 2.0 or OpenAPI 3.x: which one the document says it is. */
export function openApiVersion(value: unknown): { format: 'swagger' | 'openapi'; version: string } | undefined {
  if (!isObject(value)) return undefined;
  if (value.swagger !== undefined) return { format: 'swagger', version: scalarText(value.swagger) };
  if (value.openapi !== undefined) return { format: 'openapi', version: scalarText(value.openapi) };
  return undefined;
}

/**
 * Validates a Swagger 2.0 / OpenAPI 3.0 / 3.1 document with @readme/openapi-parser (references to other files or URLs
 * are neither fetched nor followed) and reads its operations. An invalid document fails with the first problem and
 * its place: a JSON pointer and the line of the source.
 */
export async function readOpenApi(source: ApiSource, origin: string, words: ApiWords): Promise<ApiDocument> {
  const document = source.value as Json;
  const version = openApiVersion(document);
  if (!version) throw AppError.failed('api_import_not_api');
  const options = { resolve: { external: false, file: false }, validate: { errors: { colorize: false } } };
  const result = await validate(structuredClone(document) as never, options);
  if (!result.valid) {
    const first = result.errors[0]?.message ?? 'invalid';
    throw AppError.failed('api_import_invalid', { place: await placeOfError(source, first, options), reason: first.split('\n')[0].trim() });
  }
  return new OpenApiReader(document, version, origin, words).read();
}

/**
 * The place a validation message points at: its code frame's line is one of the validator's pretty-printed copy of
 * the document with its references replaced, which is made again here to know the path of that line.
 */
async function placeOfError(source: ApiSource, message: string, options: object): Promise<string> {
  const frame = /^>\s*(\d+)\s*\|/m.exec(message);
  if (!frame) return '/';
  let copy: unknown;
  try {
    copy = await dereference(structuredClone(source.value) as never, { ...options, dereference: { circular: 'ignore' } });
  } catch {
    return '/';
  }
  const path = prettyPaths(copy)[Number(frame[1]) - 1];
  return path ? describePlace(source, path) : '/';
}

/** The path of the value each line of `JSON.stringify(value, null, 2)` starts (index 0: line 1). */
export function prettyPaths(value: unknown): (string | number)[][] {
  const lines: (string | number)[][] = [];
  const visit = (node: unknown, path: (string | number)[]): void => {
    lines.push(path);
    const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((item, index) => [index, item]) : isObject(node) ? Object.entries(node) : [];
    const kept = entries.filter(([, item]) => item !== undefined && typeof item !== 'function');
    if (kept.length === 0) return;
    for (const [key, item] of kept) visit(item, [...path, key]);
    lines.push(path); // the closing bracket
  };
  visit(value, []);
  return lines;
}

class OpenApiReader {
  private readonly schemas: SchemaReader;
  private readonly specs: OpenApiSpecReader;

  constructor(
    private readonly doc: Json,
    private readonly version: { format: 'swagger' | 'openapi'; version: string },
    private readonly origin: string,
    private readonly words: ApiWords,
  ) {
    this.schemas = new SchemaReader(doc, words);
    this.specs = new OpenApiSpecReader(doc, version.format, version.version);
  }

  read(): ApiDocument {
    const info = isObject(this.doc.info) ? this.doc.info : {};
    const sourceParts = this.specs.sourceParts(this.origin);
    const operations: ApiOperationDoc[] = [];
    const paths = isObject(this.doc.paths) ? this.doc.paths : {};
    for (const [path, rawItem] of Object.entries(paths)) {
      const pathItem = this.schemas.resolve(rawItem).value;
      if (!pathItem) continue;
      for (const [method, operation] of Object.entries(pathItem)) {
        if (!METHODS.has(method) || !isObject(operation)) continue;
        operations.push(this.operation(path, method, pathItem, operation));
      }
    }
    const tags = Array.isArray(this.doc.tags) ? this.doc.tags.filter(isObject).map((tag) => text(tag.name)) : [];
    return { title: text(info.title), description: text(info.description), catalogOrder: tags.filter(Boolean), operations, source: sourceParts };
  }

  private get swagger(): boolean {
    return this.version.format === 'swagger';
  }

  private operation(path: string, method: string, pathItem: Json, operation: Json): ApiOperationDoc {
    const upper = method.toUpperCase();
    const operationId = text(operation.operationId);
    const summary = text(operation.summary) || text(pathItem.summary);
    const tags = Array.isArray(operation.tags) ? operation.tags.map(text).filter(Boolean) : [];
    const parameters = this.parameters(pathItem, operation);
    const formData = parameters.filter((parameter) => parameter.raw.in === 'formData');
    const bodyParameter = parameters.find((parameter) => parameter.raw.in === 'body');
    return {
      operation: {
        method: upper,
        path,
        operation_id: operationId || `${upper} ${path}`,
        source: { ...this.version, origin: this.origin },
        spec: this.specs.operation(pathItem, operation),
      },
      catalog: tags.length > 0 ? [tags[0]] : [],
      title: summary || operationId || `${upper} ${path}`,
      summary,
      description: text(operation.description) || text(pathItem.description),
      deprecated: operation.deprecated === true,
      url: `${this.baseUrl(pathItem, operation)}${path}`,
      parameters: parameters.filter((parameter) => parameter.raw.in !== 'body' && parameter.raw.in !== 'formData').map((parameter) => parameter.row),
      requestBody: this.swagger ? this.swaggerBody(operation, bodyParameter?.raw, formData) : this.requestBody(operation),
      responses: this.responses(operation),
      security: this.security(operation),
    };
  }

  /** Path-level parameters, overridden by the operation's own of the same name and place. */
  private parameters(pathItem: Json, operation: Json): { raw: Json; row: ParameterRow }[] {
    const byKey = new Map<string, Json>();
    for (const list of [pathItem.parameters, operation.parameters]) {
      if (!Array.isArray(list)) continue;
      for (const entry of list) {
        const parameter = this.schemas.resolve(entry).value;
        if (parameter) byKey.set(`${text(parameter.in)}:${text(parameter.name)}`, parameter);
      }
    }
    return [...byKey.values()].map((raw) => ({ raw, row: this.parameterRow(raw) }));
  }

  private parameterRow(parameter: Json): ParameterRow {
    let schema: Json | undefined;
    let ref: string | undefined;
    if (this.swagger) schema = parameter;
    else if (parameter.schema !== undefined) ({ value: schema, ref } = this.schemas.resolve(parameter.schema));
    else if (isObject(parameter.content)) {
      const first = Object.values(parameter.content).find(isObject);
      if (first) ({ value: schema, ref } = this.schemas.resolve(first.schema));
    }
    return {
      name: text(parameter.name),
      in: text(parameter.in),
      required: parameter.required === true,
      type: schema ? this.schemas.typeLabel(schema, ref) : 'string',
      description: joinText([
        text(parameter.description),
        schema && schema !== parameter ? this.schemas.describe({ ...schema, description: undefined }) : this.schemas.describe({ ...parameter, description: undefined }),
        parameter.deprecated === true ? this.words.deprecated : '',
      ]),
    };
  }

  private requestBody(operation: Json): ApiOperationDoc['requestBody'] {
    const body = this.schemas.resolve(operation.requestBody).value;
    if (!body) return undefined;
    const read = this.body(body.content);
    return read ? { ...read, required: body.required === true, description: text(body.description) } : undefined;
  }

  /** Swagger 2.0: a `body` parameter's schema, or the `formData` parameters as the fields of a form. */
  private swaggerBody(operation: Json, body: Json | undefined, formData: { raw: Json; row: ParameterRow }[]): ApiOperationDoc['requestBody'] {
    const consumes = this.mediaTypes(operation.consumes, this.doc.consumes);
    if (body) {
      return {
        contentType: consumes[0] ?? 'application/json',
        otherTypes: consumes.slice(1),
        fields: this.schemas.fields(body.schema),
        example: this.exampleText(this.schemas.example(body.schema), consumes[0] ?? 'application/json'),
        required: body.required === true,
        description: text(body.description),
      };
    }
    if (formData.length === 0) return undefined;
    const contentType = formData.some((parameter) => parameter.raw.type === 'file') || consumes.includes('multipart/form-data') ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
    const fields: FieldRow[] = formData.map(({ row }) => ({ name: row.name, type: row.type, required: row.required, description: row.description }));
    return { contentType, otherTypes: [], fields, example: '', required: formData.some((parameter) => parameter.raw.required === true), description: '' };
  }

  private responses(operation: Json): ApiResponse[] {
    const responses = isObject(operation.responses) ? operation.responses : {};
    const produces = this.mediaTypes(operation.produces, this.doc.produces);
    return Object.entries(responses).map(([status, raw]) => {
      const response = this.schemas.resolve(raw).value ?? {};
      const headers: FieldRow[] = Object.entries(isObject(response.headers) ? response.headers : {}).map(([name, rawHeader]) => {
        const header = this.schemas.resolve(rawHeader).value ?? {};
        const schema = this.swagger ? header : this.schemas.resolve(header.schema).value;
        return { name, type: schema ? this.schemas.typeLabel(schema) : 'string', required: header.required === true, description: joinText([text(header.description)]) };
      });
      let body: ApiBody | undefined;
      if (this.swagger) {
        const examples = isObject(response.examples) ? response.examples : {};
        const contentType = Object.keys(examples)[0] ?? produces[0] ?? 'application/json';
        if (response.schema !== undefined || Object.keys(examples).length > 0) {
          const sample = examples[contentType] !== undefined ? examples[contentType] : response.schema !== undefined ? this.schemas.example(response.schema) : undefined;
          body = {
            contentType,
            otherTypes: produces.filter((type) => type !== contentType),
            fields: response.schema !== undefined ? this.schemas.fields(response.schema) : [],
            example: this.exampleText(sample, contentType),
          };
        }
      } else body = this.body(response.content);
      return { status, description: text(response.description), headers, body };
    });
  }

  /** OpenAPI 3: the JSON media type (else the first) of a `content` map. */
  private body(content: unknown): ApiBody | undefined {
    if (!isObject(content)) return undefined;
    const types = Object.keys(content);
    if (types.length === 0) return undefined;
    const contentType = types.find((type) => /[/+]json\b/i.test(type)) ?? types[0];
    const media = isObject(content[contentType]) ? content[contentType] : {};
    let sample: unknown;
    if (media.example !== undefined) sample = media.example;
    else if (isObject(media.examples) && Object.keys(media.examples).length > 0) {
      const first = this.schemas.resolve(Object.values(media.examples)[0]).value;
      sample = first?.value ?? (first?.externalValue ? scalarText(first.externalValue) : undefined);
    }
    if (sample === undefined && media.schema !== undefined) sample = this.schemas.example(media.schema);
    return {
      contentType,
      otherTypes: types.filter((type) => type !== contentType),
      fields: media.schema !== undefined ? this.schemas.fields(media.schema) : [],
      example: this.exampleText(sample, contentType),
    };
  }

  private exampleText(sample: unknown, contentType: string): string {
    if (sample === undefined) return '';
    const shown = typeof sample === 'string' && !/json/i.test(contentType) ? sample : JSON.stringify(sample, null, 2);
    return shown.length > MAX_EXAMPLE_CHARS ? `${shown.slice(0, MAX_EXAMPLE_CHARS)}\n…` : shown;
  }

  /** Swagger 2.0's `consumes` / `produces`, a JSON type first (the one the tables and examples show). */
  private mediaTypes(own: unknown, inherited: unknown): string[] {
    const list = (Array.isArray(own) ? own : Array.isArray(inherited) ? inherited : []).map(String);
    const json = list.find((type) => /[/+]json\b/i.test(type));
    return json ? [json, ...list.filter((type) => type !== json)] : list;
  }

  /** The first server (its variables at their defaults), or Swagger 2.0's scheme, host and basePath; '' when none. */
  private baseUrl(pathItem: Json, operation: Json): string {
    if (this.swagger) {
      const basePath = text(this.doc.basePath).replace(/\/$/, '');
      const host = text(this.doc.host);
      if (!host) return basePath;
      const schemes = Array.isArray(this.doc.schemes) ? this.doc.schemes.map(String) : [];
      return `${schemes.includes('https') || schemes.length === 0 ? 'https' : schemes[0]}://${host}${basePath}`;
    }
    const servers = [operation.servers, pathItem.servers, this.doc.servers].find((list) => Array.isArray(list) && list.length > 0) as unknown[] | undefined;
    const server = servers?.find(isObject);
    if (!server) return '';
    let url = text(server.url);
    if (isObject(server.variables)) {
      for (const [name, variable] of Object.entries(server.variables)) {
        if (isObject(variable) && variable.default !== undefined) url = url.split(`{${name}}`).join(scalarText(variable.default));
      }
    }
    return url.replace(/\/$/, '');
  }

  private security(operation: Json): string[][] | undefined {
    const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(this.doc.security) ? this.doc.security : undefined;
    if (!requirements) return undefined;
    if (requirements.length === 0) return [[]];
    const components = isObject(this.doc.components) ? this.doc.components : {};
    const schemes = (this.swagger ? this.doc.securityDefinitions : components.securitySchemes) ?? {};
    return requirements.filter(isObject).map((requirement) =>
      Object.entries(requirement).map(([name, scopes]) => {
        const scheme = isObject(schemes) ? this.schemas.resolve(schemes[name]).value : undefined;
        const parts = [scheme ? describeScheme(scheme) : '', Array.isArray(scopes) && scopes.length > 0 ? `scopes: ${scopes.join(', ')}` : ''].filter(Boolean);
        return parts.length > 0 ? `${name} (${parts.join('; ')})` : name;
      }),
    );
  }
}

function describeScheme(scheme: Json): string {
  const type = text(scheme.type);
  if (type === 'apiKey') return `apiKey, ${text(scheme.in)} \`${text(scheme.name)}\``;
  if (type === 'http') return `http ${text(scheme.scheme)}${scheme.bearerFormat ? ` (${text(scheme.bearerFormat)})` : ''}`;
  return type;
}
