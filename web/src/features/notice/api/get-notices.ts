import type { NoticeRow } from '@quire/proto';
import useSWR from 'swr';
import { type RequestOptions, apiRequest } from '../../../lib/api-client';

/** A notice as `notice/getList` returns it (contract §9.10): title and content are HTML. */
export type Notice = NoticeRow;

export type NoticeType = 'all' | 'unread';

function params(type: NoticeType, count?: number) {
  return count ? { notice_type: type, count } : { notice_type: type };
}

export function getNotices(type: NoticeType, count?: number, options: RequestOptions = {}): Promise<Notice[]> {
  return apiRequest<Notice[]>('notice/getList', params(type, count), options);
}

export const noticesKey = (type: NoticeType, count?: number) => ['notice/getList', params(type, count)] as const;

export function useNotices(type: NoticeType = 'all', count?: number) {
  return useSWR<Notice[], unknown>(noticesKey(type, count), () => getNotices(type, count));
}

/** How many of my notices are unread (the badge on "Messages"); 0 while unknown or when the call fails. */
export function useUnreadCount(): number {
  const { data } = useSWR<Notice[], unknown>(noticesKey('unread'), () => getNotices('unread', undefined, { alert: false }));
  return data?.length ?? 0;
}
