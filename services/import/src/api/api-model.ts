import type { ApiOperation } from '@quire/proto';
import type { ApiSourceParts } from './openapi-spec';

/** One row of a fields table: a parameter, or a body field flattened to a dot path (`items[].price`). */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface ParameterRow extends FieldRow {
  /** path, query, header, cookie (Swagger 2.0's formData goes to the request body). */
  in: string;
}

/** A body (request or response) in one media type: its fields and an example. */
export interface ApiBody {
  contentType: string;
  fields: FieldRow[];
  /** Text to show in a code block ('' when there is none). */
  example: string;
  /** Other media types the body may have. */
  otherTypes: string[];
}

export interface ApiResponse {
  status: string;
  description: string;
  body?: ApiBody;
  /** Response headers: name, type, description. */
  headers: FieldRow[];
}

/** One operation of a document, read into the shape every page is written from, whatever the format. */
export interface ApiOperationDoc {
  operation: ApiOperation;
  /** The catalog path it goes under: one tag, or Postman's folders ([] = the top). */
  catalog: string[];
  title: string;
  summary: string;
  description: string;
  deprecated: boolean;
  /** The URL as a reader would call it: the first server (or host + basePath, Postman's raw URL) and the path. */
  url: string;
  parameters: ParameterRow[];
  requestBody?: ApiBody & { required: boolean; description: string };
  responses: ApiResponse[];
  /** Alternatives; each is what must all be given together (`api_key`, `petstore_auth (write:pets)`); [] none declared; [[]] none needed. */
  security: string[][] | undefined;
}

/** A whole document read: its title and description, and its operations in the document's order. */
export interface ApiDocument {
  title: string;
  description: string;
  /** Catalog names in the order the document lists them (tags), then in order of first use. */
  catalogOrder: string[];
  operations: ApiOperationDoc[];
  /** What the import keeps of the document besides its operations (its source record and named schemas). */
  source: ApiSourceParts;
}
