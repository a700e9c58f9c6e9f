import { z } from 'zod';
import { integer, requiredText, text } from '../validation';

/**
 * Cross-service contracts of the notice service. The endpoint schemas of notice/* live
 * below them, in the same file (owned by the notice service).
 */

/**
 * `notice.notice.send`: one notice to each listed user, or to every user when `to_all`
 * (administrator announcements). `notice_content` is HTML; the notice service sanitizes it.
 */
export const SendNoticeSchema = z.object({
  to_uids: z.array(z.number().int().positive()).max(100_000).default([]),
  to_all: z.boolean().default(false),
  notice_title: requiredText().pipe(z.string().max(255)),
  notice_content: text().pipe(z.string().max(100_000)),
  from_name: text().pipe(z.string().max(64)),
});
/** `notice.notice.send` as senders write it and the notice service receives it, after validation. */
export type SendNoticeCommand = z.output<typeof SendNoticeSchema>;

/** `notice.notice.unreadCount` → `{ count }` for the caller. */
export interface UnreadCount {
  count: number;
}

/** `notice.notice.send` → how many users the notice reached (one stored broadcast counts 1 for `to_all`). */
export interface SentNotices {
  sent: number;
}

/* ------------------------------------------------------------------------------------------
 * Endpoint schemas of notice/* (contract §9.10's proposal, owned by the notice service).
 * ---------------------------------------------------------------------------------------- */

export const NoticeType = { All: 'all', Unread: 'unread' } as const;
export type NoticeType = (typeof NoticeType)[keyof typeof NoticeType];

/** The most notices one `notice/getList` answers. */
export const NOTICE_LIST_MAX = 500;

/** `notice/getList`: `notice_type` 'all' (default) or 'unread'; `count` > 0 limits the list. */
export const ListNoticesSchema = z.object({
  notice_type: text()
    .pipe(z.enum(['', NoticeType.All, NoticeType.Unread], { error: 'param_not_one_of' }))
    .transform((v): NoticeType => (v === '' ? NoticeType.All : v)),
  count: integer(0).pipe(z.number().min(0)),
});
export type ListNoticesDto = z.output<typeof ListNoticesSchema>;

/** `notice/setRead`, `notice/delete`. */
export const NoticeIdSchema = z.object({
  notice_id: integer(0).pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') })),
});
export type NoticeIdDto = z.output<typeof NoticeIdSchema>;

/** A `notice/getList` entry: title and content are sanitized HTML, `from_name` escaped text. */
export interface NoticeRow {
  notice_id: number;
  notice_title: string;
  notice_content: string;
  from_name: string;
  notice_time: string;
  is_read: 0 | 1;
}
