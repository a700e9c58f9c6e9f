import { AppError, type ApiOperation, type Language } from '@quire/proto';
import { operationMarkdown } from './api-markdown';
import type { ApiDocument } from './api-model';
import { parseSource } from './api-source';
import { apiWords } from './api-words';
import { tryItRequest } from './try-it';
import { openApiVersion, readOpenApi } from './openapi-reader';
import type { ApiSourceParts } from './openapi-spec';
import { postmanVersion, readPostman } from './postman-reader';

/** Untagged operations of a document that tags others go here. */
export const DEFAULT_CATALOG = 'default';
/** Catalogs nest at most this deep in an item (levels 2, 3, 4). */
export const MAX_CATALOG_DEPTH = 3;

export interface ApiPlanCatalog {
  /** 1-based, parents before children. */
  seq: number;
  /** The parent's seq (0: the top). */
  parent: number;
  name: string;
  /** 2 at the top (as the page service numbers levels), 4 the deepest. */
  level: number;
  s_number: number;
}

export interface ApiPlanPage {
  seq: number;
  /** The catalog's seq (0: the top). */
  catalog: number;
  title: string;
  content: string;
  s_number: number;
  operation: ApiOperation;
}

/** What a document becomes: nothing written yet. */
export interface ApiPlan {
  title: string;
  description: string;
  catalogs: ApiPlanCatalog[];
  pages: ApiPlanPage[];
  /** The document-level parts kept beside the pages (the import's source record and its named schemas). */
  source: ApiSourceParts;
}

export interface ConvertOptions {
  /** The URL or file name it came from (kept in each page's operation). */
  origin: string;
  language: Language;
  /** How many catalog levels the target has room for (3 in a new item; fewer under a catalog). */
  maxDepth?: number;
}

/**
 * Reads a Swagger 2.0 / OpenAPI 3.0 / 3.1 document or a Postman 2.0 / 2.1 collection (JSON or YAML text) into the
 * catalogs and pages it becomes: one catalog per tag (Postman: per folder), one page per operation. Pure: an invalid
 * document fails here, before anything is written.
 */
export async function convertApiDocument(text: string, options: ConvertOptions): Promise<ApiPlan> {
  const source = parseSource(text);
  const words = apiWords(options.language);
  let document: ApiDocument;
  if (openApiVersion(source.value)) document = await readOpenApi(source, options.origin, words);
  else if (postmanVersion(source.value)) document = readPostman(source, options.origin, words);
  else throw AppError.failed('api_import_not_api');
  if (document.operations.length === 0) throw AppError.failed('api_import_no_operations');
  return plan(document, options.language, Math.max(0, Math.min(MAX_CATALOG_DEPTH, options.maxDepth ?? MAX_CATALOG_DEPTH)));
}

function plan(document: ApiDocument, language: Language, maxDepth: number): ApiPlan {
  const words = apiWords(language);
  const anyTagged = document.operations.some((operation) => operation.catalog.length > 0);
  const pathOf = (catalog: string[]) => (catalog.length > 0 ? catalog : anyTagged && catalogsAreTags(document) ? [DEFAULT_CATALOG] : []).slice(0, maxDepth);
  // Top-level catalogs in the document's order of tags, then in order of first use.
  const topOrder = [...document.catalogOrder];
  for (const operation of document.operations) {
    const top = pathOf(operation.catalog)[0];
    if (top !== undefined && !topOrder.includes(top)) topOrder.push(top);
  }
  const used = new Set(document.operations.map((operation) => pathOf(operation.catalog)[0]).filter((name) => name !== undefined));
  const catalogs: ApiPlanCatalog[] = [];
  const bySeqPath = new Map<string, number>();
  const ensure = (path: string[]): number => {
    if (path.length === 0) return 0;
    const key = JSON.stringify(path);
    const known = bySeqPath.get(key);
    if (known !== undefined) return known;
    const parent = ensure(path.slice(0, -1));
    const seq = catalogs.length + 1;
    const siblings = catalogs.filter((catalog) => catalog.parent === parent).length;
    catalogs.push({ seq, parent, name: path[path.length - 1].slice(0, 2000), level: path.length + 1, s_number: path.length === 1 ? topOrder.indexOf(path[0]) + 1 : siblings + 1 });
    bySeqPath.set(key, seq);
    return seq;
  };
  for (const name of topOrder) if (used.has(name)) ensure([name]);
  const pages = document.operations.map((operation, index) => ({
    seq: index + 1,
    catalog: ensure(pathOf(operation.catalog)),
    title: operation.title.slice(0, 2000),
    content: operationMarkdown(operation, words),
    s_number: index + 1,
    operation: { ...operation.operation, try_it: tryItRequest(operation) },
  }));
  return { title: document.title, description: document.description, catalogs, pages, source: document.source };
}

/** OpenAPI catalogs are tags (an untagged operation goes to "default"); Postman's are folders (the top is a place of its own). */
function catalogsAreTags(document: ApiDocument): boolean {
  return document.operations[0]?.operation.source.format !== 'postman';
}
