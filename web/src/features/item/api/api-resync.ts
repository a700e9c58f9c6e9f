import type { ApiResyncJob, ApiResyncSummary, ApiSourceInfo, CatalogGroup, ImportedApi } from '@quire/proto';
import useSWR, { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { postMultipart } from '../../../lib/post-multipart';

export type { ApiResyncJob, ApiResyncSummary, ApiSourceInfo };

/** Where the document of a re-sync or an import comes from: a file chosen now, a URL, or (neither) the remembered one. */
export interface ApiDocumentInput {
  file?: File;
  url?: string;
}

const form = (fields: Record<string, string | number>, input: ApiDocumentInput): FormData => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, String(value));
  if (input.file) body.set('file', input.file, input.file.name);
  else if (input.url) body.set('url', input.url);
  return body;
};

export const apiSourcesKey = (itemId: number) => ['importApi/sources', { item_id: itemId }] as const;
export const apiResyncHistoryKey = (itemId: number) => ['importApi/history', { item_id: itemId }] as const;

/** `importApi/sources`: the item's imported API descriptions (a URL or an uploaded file's name, the last sync). */
export function useApiSources(itemId: number) {
  return useSWR(apiSourcesKey(itemId), () => apiRequest<ApiSourceInfo[]>('importApi/sources', { item_id: itemId }));
}

/** `importApi/history`: the item's past re-sync summaries, newest first. */
export function useApiResyncHistory(itemId: number) {
  return useSWR(apiResyncHistoryKey(itemId), () => apiRequest<ApiResyncSummary[]>('importApi/history', { item_id: itemId }));
}

/** `catalog/catListGroup`: the item's catalogs (nested in `sub`), where an import may go. */
export function useItemCatalogs(itemId: number) {
  return useSWR(['catalog/catListGroup', { item_id: itemId }] as const, () => apiRequest<CatalogGroup[]>('catalog/catListGroup', { item_id: itemId }));
}

/** `importApi/resyncStart`: a re-sync as a job (a new file or URL optional); `importApi/resyncStatus` follows it. */
export function startApiResync(itemId: number, catId: number, input: ApiDocumentInput): Promise<{ job_id: string }> {
  return postMultipart<{ job_id: string }>('importApi/resyncStart', form({ item_id: itemId, cat_id: catId }, input));
}

export function getApiResyncStatus(jobId: string): Promise<ApiResyncJob> {
  return apiRequest<ApiResyncJob>('importApi/resyncStatus', { job_id: jobId }, { alert: false });
}

/** An OpenAPI document or Postman collection imported into this item (`importSwagger/import` or `importApi/url` with `item_id`). */
export async function importApiInto(itemId: number, catId: number, input: ApiDocumentInput): Promise<ImportedApi | { item_id: number }> {
  const imported = input.file
    ? await postMultipart<{ item_id: number }>('importSwagger/import', form({ item_id: itemId, cat_id: catId }, input))
    : await postMultipart<ImportedApi>('importApi/url', form({ item_id: itemId, cat_id: catId }, input));
  await Promise.all([mutate(apiSourcesKey(itemId)), mutate(['catalog/catListGroup', { item_id: itemId }])]);
  return imported;
}

/** After a re-sync: the sources' times and the history again. */
export async function refreshApiResync(itemId: number): Promise<void> {
  await Promise.all([mutate(apiSourcesKey(itemId)), mutate(apiResyncHistoryKey(itemId))]);
}
