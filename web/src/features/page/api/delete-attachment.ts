import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { attachmentsKey } from './get-attachments';

/** `page/deleteUploadFile`, then the page's list is refreshed. */
export async function deleteAttachment(fileId: number, pageId: number): Promise<void> {
  await apiRequest('page/deleteUploadFile', { file_id: fileId });
  await mutate(attachmentsKey(pageId));
}
