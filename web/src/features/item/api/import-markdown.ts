import type { ImportedMarkdown } from '@quire/proto';
import { mutate } from 'swr';
import { postMultipart } from '../../../lib/post-multipart';
import { myItemsKey } from './get-my-items';

/**
 * `import/auto` (ShowDoc's route): posts the zip as multipart and answers the new item. Refusals
 * (a bad zip, no right on the item) throw an ApiError with the server's message for the form to show.
 */
export async function importMarkdownZip(file: File): Promise<ImportedMarkdown> {
  const body = new FormData();
  body.set('file', file, file.name);
  const imported = await postMultipart<ImportedMarkdown>('import/auto', body);
  await mutate(myItemsKey);
  return imported;
}
