import { z } from 'zod';
import { integer } from '../validation';

/**
 * ShowDoc 3.x's `message/*` calls (its header's bell and message dialog), answered from Quire's notices:
 * personal notices are ShowDoc's "remind" messages, administrator announcements its "announce" ones.
 * A ShowDoc message's `message_content_id` is the notice's `notice_id`.
 */

/** The most messages one `message/getRemindList` page holds. */
export const REMIND_PAGE_MAX = 100;

/** `message/getRemindList {page, count}` (ShowDoc: count 15 by default). */
export const RemindListSchema = z.object({
  page: integer(1).pipe(z.number().min(1).max(100_000)),
  count: integer(15).pipe(z.number().min(1).max(REMIND_PAGE_MAX)),
});
export type RemindListDto = z.output<typeof RemindListSchema>;

/** `message/setRead` and `message/delete`: `message_content_id` names the notice; `from_uid` is accepted and not needed. */
export const MessageIdSchema = z.object({
  message_content_id: integer(0).pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') })),
  from_uid: integer(0),
});
export type MessageIdDto = z.output<typeof MessageIdSchema>;

/** A personal notice as ShowDoc's `message` row (rendered): times formatted, content sanitized HTML. */
export interface RemindMessage {
  id: number;
  from_uid: number;
  to_uid: number;
  message_type: 'remind';
  message_content_id: number;
  status: 0 | 1;
  addtime: string;
  readtime: string;
  object_type: string;
  object_id: number;
  action_type: string;
  message_content: string;
  from_name: string;
  /** Quire: the notice's title (ShowDoc's reminds have none). */
  message_title: string;
}

/** An announcement as ShowDoc's `message_content` row with its read status. */
export interface AnnouncementMessage {
  id: number;
  from_uid: number;
  from_name: string;
  message_type: 'announce';
  message_content: string;
  action_type: string;
  object_type: string;
  object_id: number;
  addtime: string;
  status: 0 | 1;
  message_content_id: number;
  /** Quire: the announcement's title. */
  message_title: string;
}

/** `message/getRemindList`. */
export interface RemindPage {
  total: number;
  list: RemindMessage[];
}

/** `message/getUnread`: the newest unread of each kind, `[]` when there is none (ShowDoc's empty PHP array). */
export interface UnreadMessages {
  remind: RemindMessage | never[];
  announce: AnnouncementMessage | never[];
}
