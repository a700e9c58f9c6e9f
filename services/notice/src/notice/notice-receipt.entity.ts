/** One user's state of an announcement: read, or deleted from their list (which reads it too). */
export interface NoticeReceiptEntity {
  /** `<notice_id>:<uid>`, unique. */
  receipt_key: string;
  notice_id: number;
  uid: number;
  is_deleted: 0 | 1;
}
