import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

export async function setNoticeRead(noticeId: number): Promise<void> {
  await apiRequest('notice/setRead', { notice_id: noticeId });
  await mutate((key) => Array.isArray(key) && key[0] === 'notice/getList');
}
