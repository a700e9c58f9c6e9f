import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

export async function deleteNotice(noticeId: number): Promise<void> {
  await apiRequest('notice/delete', { notice_id: noticeId }, { loading: true });
  await mutate((key) => Array.isArray(key) && key[0] === 'notice/getList');
}
