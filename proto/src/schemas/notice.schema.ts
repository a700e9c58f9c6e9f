import { z } from 'zod';
import { requiredText, text } from '../validation';

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
export type SendNoticeDto = z.input<typeof SendNoticeSchema>;

/** `notice.notice.unreadCount` → `{ count }` for the caller. */
export interface UnreadCount {
  count: number;
}
