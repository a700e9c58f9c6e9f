import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import { NoticeVersion } from './notice-version';
import type { NoticeEntity } from './notice.entity';

const NEWEST_FIRST = { addtime: -1, notice_id: -1 } as const;

/** The `notices` collection; every write renews the notice version (unread counts kept elsewhere). */
@Injectable()
export class NoticeRepository implements OnModuleInit {
  private readonly notices: Collection<NoticeEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly version: NoticeVersion,
  ) {
    this.notices = store.collection<NoticeEntity>('notices');
  }

  async onModuleInit(): Promise<void> {
    await this.notices.ensureIndex({ field: 'notice_id', unique: true });
    await this.notices.ensureIndex({ field: 'to_uid' });
    await this.notices.ensureIndex({ field: 'to_all' });
  }

  async add(notice: Omit<NoticeEntity, 'notice_id'>): Promise<NoticeEntity> {
    const notice_id = await this.store.nextId('notice_id');
    return this.version.renewAfter(this.notices.insertOne({ notice_id, ...notice }));
  }

  findById(noticeId: number): Promise<NoticeEntity | null> {
    return this.notices.findOne({ notice_id: noticeId });
  }

  /** The user's own notices, newest first. */
  listPersonal(uid: number, options: { unreadOnly: boolean; limit: number }): Promise<NoticeEntity[]> {
    const filter = options.unreadOnly ? { to_uid: uid, to_all: false, is_read: 0 as const } : { to_uid: uid, to_all: false };
    return this.notices.find(filter, { sort: NEWEST_FIRST, limit: options.limit });
  }

  /** Announcements, newest first. */
  listAnnouncements(limit: number): Promise<NoticeEntity[]> {
    return this.notices.find({ to_all: true }, { sort: NEWEST_FIRST, limit });
  }

  /** One page of the user's own notices, newest first (ShowDoc's `message/getRemindList`). */
  pagePersonal(uid: number, skip: number, limit: number): Promise<NoticeEntity[]> {
    return this.notices.find({ to_uid: uid, to_all: false }, { sort: NEWEST_FIRST, skip, limit });
  }

  countPersonal(uid: number): Promise<number> {
    return this.notices.count({ to_uid: uid, to_all: false });
  }

  countPersonalUnread(uid: number): Promise<number> {
    return this.notices.count({ to_uid: uid, to_all: false, is_read: 0 });
  }

  countAnnouncements(): Promise<number> {
    return this.notices.count({ to_all: true });
  }

  markRead(noticeId: number, uid: number): Promise<number> {
    return this.version.renewAfter(this.notices.updateOne({ notice_id: noticeId, to_uid: uid, to_all: false }, { $set: { is_read: 1 } }));
  }

  removePersonal(noticeId: number, uid: number): Promise<number> {
    return this.version.renewAfter(this.notices.deleteOne({ notice_id: noticeId, to_uid: uid, to_all: false }));
  }
}
