import type { AttachmentListEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { AttachmentListEntry };

export function getAttachments(pageId: number): Promise<AttachmentListEntry[]> {
  return apiRequest<AttachmentListEntry[]>('page/uploadList', { page_id: pageId });
}

export const attachmentsKey = (pageId: number) => ['page/uploadList', { page_id: pageId }] as const;

export function useAttachments(pageId: number | null) {
  return useSWR(pageId ? attachmentsKey(pageId) : null, () => getAttachments(pageId as number));
}
