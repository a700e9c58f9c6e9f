import type { ImportedApi } from '@quire/proto';
import { mutate } from 'swr';
import { postMultipart } from '../../../lib/post-multipart';
import { myItemsKey } from './get-my-items';

/**
 * `importSwagger/import` (ShowDoc 3.x's route, which reads any OpenAPI / Swagger document or Postman collection):
 * posts the file as multipart and answers the new item. Refusals (not an API description, an invalid one with its
 * place) throw an ApiError with the server's message for the form to show.
 */
export async function importApiFile(file: File): Promise<{ item_id: number }> {
  const body = new FormData();
  body.set('file', file, file.name);
  const imported = await postMultipart<{ item_id: number }>('importSwagger/import', body);
  await mutate(myItemsKey);
  return imported;
}

/** `importApi/url` (Quire): the document fetched by the server from a public address. */
export async function importApiUrl(url: string): Promise<ImportedApi> {
  const body = new FormData();
  body.set('url', url);
  const imported = await postMultipart<ImportedApi>('importApi/url', body);
  await mutate(myItemsKey);
  return imported;
}
