import { mutate } from 'swr';
import { postFile } from './post-file';
import { attachmentsKey } from './get-attachments';

/** `page/upload`: any file under 4 MB, to a page saved at least once; the list is refreshed. */
export async function uploadAttachment(file: File, target: { itemId: number; pageId: number }): Promise<string> {
  const url = await postFile('page/upload', 'file', file, { item_id: target.itemId, page_id: target.pageId });
  await mutate(attachmentsKey(target.pageId));
  return url;
}
