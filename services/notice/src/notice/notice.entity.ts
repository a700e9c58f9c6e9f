/**
 * A notice (contract §9.10's proposal): to one user (`to_uid`), or to everyone (`to_all`,
 * administrator announcements, one stored row whose per-user state lives in receipts).
 * Title and content are sanitized HTML; `from_name` is raw text.
 */
export interface NoticeEntity {
  notice_id: number;
  /** 0 for an announcement. */
  to_uid: number;
  to_all: boolean;
  from_uid: number;
  from_name: string;
  notice_title: string;
  notice_content: string;
  addtime: number;
  /** For a personal notice; announcements keep it in the reader's receipt. */
  is_read: 0 | 1;
}
