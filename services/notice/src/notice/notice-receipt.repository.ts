import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore, DuplicateKeyError } from '@quire/platform';
import { NoticeVersion } from './notice-version';
import type { NoticeReceiptEntity } from './notice-receipt.entity';

/** The `notice_receipts` collection: who read or deleted which announcement; every write renews the notice version. */
@Injectable()
export class NoticeReceiptRepository implements OnModuleInit {
  private readonly receipts: Collection<NoticeReceiptEntity>;

  constructor(
    store: DocumentStore,
    private readonly version: NoticeVersion,
  ) {
    this.receipts = store.collection<NoticeReceiptEntity>('notice_receipts');
  }

  async onModuleInit(): Promise<void> {
    await this.receipts.ensureIndex({ field: 'receipt_key', unique: true });
    await this.receipts.ensureIndex({ field: 'uid' });
  }

  find(noticeId: number, uid: number): Promise<NoticeReceiptEntity | null> {
    return this.receipts.findOne({ receipt_key: key(noticeId, uid) });
  }

  listForUser(uid: number, noticeIds: number[]): Promise<NoticeReceiptEntity[]> {
    return noticeIds.length === 0 ? Promise.resolve([]) : this.receipts.find({ uid, notice_id: { $in: noticeIds } });
  }

  /** Every announcement the user read or deleted. */
  countForUser(uid: number): Promise<number> {
    return this.receipts.count({ uid });
  }

  /** Records that the user read the announcement (once; a later call changes nothing). */
  async markRead(noticeId: number, uid: number): Promise<void> {
    try {
      await this.version.renewAfter(this.receipts.insertOne({ receipt_key: key(noticeId, uid), notice_id: noticeId, uid, is_deleted: 0 }));
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  /** Takes the announcement out of the user's list (and counts it read). */
  async markDeleted(noticeId: number, uid: number): Promise<void> {
    await this.markRead(noticeId, uid);
    await this.version.renewAfter(this.receipts.updateOne({ receipt_key: key(noticeId, uid) }, { $set: { is_deleted: 1 } }));
  }
}

const key = (noticeId: number, uid: number) => `${noticeId}:${uid}`;
