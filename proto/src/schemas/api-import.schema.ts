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
  };
}

export const ApiOperationSchema = z.object({
  method: z.string().min(1).max(20),
  path: z.string().max(10_000),
  operation_id: z.string().max(10_000),
  source: z.object({ format: z.enum(['swagger', 'openapi', 'postman']), version: z.string().max(50), origin: z.string().max(10_000) }),
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
