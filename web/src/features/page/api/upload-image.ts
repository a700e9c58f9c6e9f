import { mutate } from 'swr';
import { postFile } from './post-file';
import { attachmentsKey } from './get-attachments';

/** Image types a pasted or uploaded image may have (SPEC §5). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/webp'];

/**
 * `page/uploadImg` (editor.md protocol, field `editormd-image-file`): a pasted image, bound to the
 * page when it has been saved (it then shows in its attachments). Resolves to the image's URL.
 */
export async function uploadImage(file: File, target: { itemId: number; pageId: number }): Promise<string> {
  const url = await postFile('page/uploadImg', 'editormd-image-file', file, { item_id: target.itemId, page_id: target.pageId });
  if (target.pageId > 0) await mutate(attachmentsKey(target.pageId));
  return url;
}
