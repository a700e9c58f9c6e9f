import { z } from 'zod';
import { integer } from '../validation';
import { UPLOAD_KEY_PATTERN } from './attachment.schema';

/**
 * API descriptions imported into Quire (issue 19): a Swagger 2.0 / OpenAPI 3.0 / 3.1 document or a Postman 2.0 / 2.1
 * collection, uploaded (ShowDoc's `importSwagger/import`, `importPostman/import`) or fetched from a URL (Quire's
 * `importApi/url`), becomes one catalog per tag (Postman: per folder) and one page per operation.
 */

/** The largest document read, uploaded or fetched. */
export const API_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** How long fetching a document from a URL may take, whole. */
export const API_IMPORT_FETCH_TIMEOUT_MS = 30_000;

/** An OpenAPI 3.1 Schema Object (JSON Schema 2020-12); a named schema stays `{$ref: '#/components/schemas/<Name>'}`. */
export type JsonSchema = Record<string, unknown> | boolean;

export interface ApiExample {
  summary?: string;
  description?: string;
  value?: unknown;
  externalValue?: string;
}

/** One media type of a body or a parameter's `content`. */
export interface ApiMedia {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, ApiExample>;
}

export interface ApiParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  deprecated?: boolean;
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, ApiExample>;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  /** A parameter described by a media type instead of a schema. */
  content?: Record<string, ApiMedia>;
}

export interface ApiRequestBodySpec {
  description?: string;
  required: boolean;
  content: Record<string, ApiMedia>;
}

export interface ApiHeaderSpec {
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: JsonSchema;
  example?: unknown;
}

export interface ApiResponseSpec {
  description: string;
  headers?: Record<string, ApiHeaderSpec>;
  content?: Record<string, ApiMedia>;
}

export interface ApiServer {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; enum?: string[]; description?: string }>;
}

/** A security requirement: scheme name -> scopes. */
export type ApiSecurityRequirement = Record<string, string[]>;

/**
 * The whole operation, normalized to OpenAPI 3.1 whatever the document was (Swagger 2.0's body / formData become a
 * request body, produces / consumes content types, `#/definitions/X` `#/components/schemas/X`; 3.0's `nullable` a
 * type list). References to named schemas stay references (so circular schemas stay finite); every other `$ref` is
 * resolved in place. Document-level parts (info, servers, security schemes, named schemas) are in the import's
 * source record (`source.source_id`). Enough to export the operation again and to diff two versions field by field.
 */
export interface ApiOperationSpec {
  /** The document's own operationId (absent when it had none). */
  operationId?: string;
  summary?: string;
  description?: string;
  /** The document's tags, in order. */
  tags: string[];
  deprecated?: boolean;
  /** Path-level parameters merged in (the operation's own win), in the document's order. */
  parameters: ApiParameterSpec[];
  requestBody?: ApiRequestBodySpec;
  /** By status: '200', '4XX', 'default'. */
  responses: Record<string, ApiResponseSpec>;
  /** Absent: the document's (in the source record); []: none needed. */
  security?: ApiSecurityRequirement[];
  /** Operation- or path-level servers only. */
  servers?: ApiServer[];
  /** Names of the named schemas used, transitively, sorted. */
  schema_refs: string[];
  /** Examples were dropped to keep the operation under API_OPERATION_MAX_BYTES. */
  truncated?: true;
}

/** The largest stored operation (serialized): past it, examples are dropped. */
export const API_OPERATION_MAX_BYTES = 256 * 1024;
/** The largest named schema kept (serialized). */
export const API_SCHEMA_MAX_BYTES = 512 * 1024;

/** Which operation a generated page documents: kept beside its Markdown (`api_operation` of the page). */
export interface ApiOperation {
  /** Upper case: GET, POST … */
  method: string;
  /** As the document writes it: `/pet/{petId}` (Postman: the request URL's path, `:id` and `{{var}}` kept). */
  path: string;
  /** The document's operationId; else `METHOD path` (Postman: the request's id, else its name). */
  operation_id: string;
  source: {
    format: 'swagger' | 'openapi' | 'postman';
    /** `2.0`, `3.0.3`, `3.1.0`; Postman `2.0.0` / `2.1.0`. */
    version: string;
    /** The URL it was fetched from, or the uploaded file's name. */
    origin: string;
    /** The import's source record (`api_sources`): absent on pages imported before it existed. */
    source_id?: number;
  };
  /** The whole operation (absent on pages imported before it existed). */
  spec?: ApiOperationSpec;
  /** A request a reader may send as it is ("Try it"): absent on pages imported before it existed. */
  try_it?: ApiTryIt;
}

/**
 * An example call of an operation, made at import time: the first server's URL (variables at their defaults; a
 * relative one against the document's URL) and the path with its parameters filled from examples, the query and
 * header parameters that have an example or are required, and an example body.
 */
export interface ApiTryIt {
  url: string;
  headers: [string, string][];
  body: string;
}

/** What one import keeps of its document besides the operations (`api_sources`, page service). */
export interface ApiSourceRecord {
  source_id: number;
  item_id: number;
  /** The catalog the import went into (0: the item's top). */
  cat_id: number;
  format: 'swagger' | 'openapi' | 'postman';
  version: string;
  origin: string;
  addtime: number;
  /** The Info Object as written. */
  info: Record<string, unknown>;
  /** Swagger 2.0: scheme://host/basePath. */
  servers: ApiServer[];
  security?: ApiSecurityRequirement[];
  tags: { name: string; description?: string; externalDocs?: unknown }[];
  /** OpenAPI 3.1 Security Scheme Objects (Swagger 2.0's converted). */
  security_schemes: Record<string, Record<string, unknown>>;
  /** How many named schemas the import kept (`api_schemas` rows). */
  schema_count: number;
}

/** One named schema of an import (`api_schemas`, page service). */
export interface ApiSchemaRow {
  source_id: number;
  item_id: number;
  name: string;
  schema: JsonSchema;
}

const jsonSchema = z.union([z.record(z.string(), z.unknown()), z.boolean()]);
const example = z.object({ summary: z.string().optional(), description: z.string().optional(), value: z.unknown().optional(), externalValue: z.string().optional() });
const media = z.object({ schema: jsonSchema.optional(), example: z.unknown().optional(), examples: z.record(z.string(), example).optional() });
const server = z.object({
  url: z.string().max(10_000),
  description: z.string().optional(),
  variables: z.record(z.string(), z.object({ default: z.string(), enum: z.array(z.string()).optional(), description: z.string().optional() })).optional(),
});
const securityRequirement = z.record(z.string(), z.array(z.string()));

export const ApiOperationSpecSchema = z.object({
  operationId: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()),
  deprecated: z.boolean().optional(),
  parameters: z.array(
    z.object({
      name: z.string(),
      in: z.enum(['path', 'query', 'header', 'cookie']),
      required: z.boolean(),
      description: z.string().optional(),
      deprecated: z.boolean().optional(),
      schema: jsonSchema.optional(),
      example: z.unknown().optional(),
      examples: z.record(z.string(), example).optional(),
      style: z.string().optional(),
      explode: z.boolean().optional(),
      allowReserved: z.boolean().optional(),
      content: z.record(z.string(), media).optional(),
    }),
  ),
  requestBody: z.object({ description: z.string().optional(), required: z.boolean(), content: z.record(z.string(), media) }).optional(),
  responses: z.record(
    z.string(),
    z.object({
      description: z.string(),
      headers: z
        .record(
          z.string(),
          z.object({
            description: z.string().optional(),
            required: z.boolean().optional(),
            deprecated: z.boolean().optional(),
            schema: jsonSchema.optional(),
            example: z.unknown().optional(),
          }),
        )
        .optional(),
      content: z.record(z.string(), media).optional(),
    }),
  ),
  security: z.array(securityRequirement).optional(),
  servers: z.array(server).optional(),
  schema_refs: z.array(z.string()),
  truncated: z.literal(true).optional(),
});

export const ApiOperationSchema = z.object({
  method: z.string().min(1).max(20),
  path: z.string().max(10_000),
  operation_id: z.string().max(10_000),
  source: z.object({
    format: z.enum(['swagger', 'openapi', 'postman']),
    version: z.string().max(50),
    origin: z.string().max(10_000),
    source_id: z.number().int().positive().optional(),
  }),
  spec: ApiOperationSpecSchema.optional(),
  try_it: z.object({ url: z.string().max(100_000), headers: z.array(z.tuple([z.string(), z.string()])).max(1000), body: z.string().max(200_000) }).optional(),
});

const id = () => z.number().int().positive();
const optionalId = () => integer().pipe(z.number().min(0, { error: 'param_out_of_range' }));

/**
 * `importSwagger/import` / `importPostman/import` (multipart `file`; optional `item_id`, and Quire's `cat_id`): the
 * document as the gateway stored it. Either call reads either kind of document.
 */
export const ImportApiFileSchema = z.object({
  file: z
    .object({
      key: z.string().regex(UPLOAD_KEY_PATTERN),
      name: z.string().max(10_000),
      size: z.number().int().min(0).max(API_IMPORT_MAX_BYTES),
      detectedType: z.string().min(1).max(255),
    })
    .optional(),
  /** 0 / absent: a new item named from the document's title; else an item the caller may edit. */
  item_id: optionalId(),
  /** Quire: a catalog of that item the operations go under (0 / absent: its top). */
  cat_id: optionalId(),
});
export type ImportApiFileDto = z.output<typeof ImportApiFileSchema>;

/** `importApi/url`: the document fetched from `url` (public addresses only, unless the operator allows more). */
export const ImportApiUrlSchema = z.object({
  url: z.string({ error: 'param_required' }).trim().min(1, { error: 'param_required' }).max(4000),
  item_id: optionalId(),
  cat_id: optionalId(),
});
export type ImportApiUrlDto = z.output<typeof ImportApiUrlSchema>;

/** What an import made: ShowDoc's calls answer `{item_id}` only; Quire's `importApi/url` the counts too. */
export interface ImportedApi {
  item_id: number;
  /** The catalog the operations went under (0: the item's top). */
  cat_id: number;
  catalogs: number;
  pages: number;
}

/** `page.import.apiOperations`: the operation each generated page of a pending imported item documents. */
export const ImportApiOperationsSchema = z.object({
  item_id: id(),
  pages: z.array(z.object({ page_id: id(), api_operation: ApiOperationSchema })).max(5000),
});
export type ImportApiOperationsDto = z.output<typeof ImportApiOperationsSchema>;

/** `page.import.apiSource`: the source record of an import into a pending item (answers its `source_id`). */
export const ImportApiSourceSchema = z.object({
  item_id: id(),
  /** The catalog the import went into (0: the item's top; a staging item's move sets it). */
  cat_id: z.number().int().min(0).optional(),
  /** A re-sync: replaces this record (of the same item) and drops its named schemas, which are then sent again. */
  source_id: id().optional(),
  format: z.enum(['swagger', 'openapi', 'postman']),
  version: z.string().max(50),
  origin: z.string().max(10_000),
  info: z.record(z.string(), z.unknown()),
  servers: z.array(server).max(1000),
  security: z.array(securityRequirement).optional(),
  tags: z.array(z.object({ name: z.string(), description: z.string().optional(), externalDocs: z.unknown().optional() })).max(10_000),
  security_schemes: z.record(z.string(), z.record(z.string(), z.unknown())),
  schema_count: z.number().int().min(0),
});
export type ImportApiSourceDto = z.output<typeof ImportApiSourceSchema>;

/** `page.import.apiSchemas`: a batch of the named schemas of an import's source record. */
export const ImportApiSchemasSchema = z.object({
  item_id: id(),
  source_id: id(),
  schemas: z.array(z.object({ name: z.string().min(1).max(10_000), schema: jsonSchema })).max(10_000),
});
export type ImportApiSchemasDto = z.output<typeof ImportApiSchemasSchema>;

/** `export/openapi` {item_id, cat_id, format}: the item's (or the catalog's) generated API pages as OpenAPI 3.1. */
export const ExportOpenapiSchema = z.object({
  item_id: integer().pipe(z.number().min(1, { error: 'param_required' })),
  cat_id: optionalId(),
  format: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'json' : v), z.enum(['json', 'yaml'], { error: 'param_not_one_of' })),
});
export type ExportOpenapiDto = z.output<typeof ExportOpenapiSchema>;
