import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import { ContentVersion } from '../cache/content-version';
import type { AttachmentEntity, NewAttachment } from './attachment.entity';

/** The `attachments` collection. */
@Injectable()
export class AttachmentRepository implements OnModuleInit {
  private readonly attachments: Collection<AttachmentEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly version: ContentVersion,
  ) {
    this.attachments = store.collection<AttachmentEntity>('attachments');
  }

  async onModuleInit(): Promise<void> {
    await this.attachments.ensureIndex({ field: 'file_id', unique: true });
    await this.attachments.ensureIndex({ field: 'sign', unique: true });
    // One row per stored blob: a replayed upload message cannot bind the same bytes twice.
    await this.attachments.ensureIndex({ field: 'blob_key', unique: true });
    await this.attachments.ensureIndex({ field: 'page_id' });
    await this.attachments.ensureIndex({ field: 'item_id' });
    await this.attachments.ensureIndex({ field: 'uid' });
  }

  async create(attachment: NewAttachment): Promise<AttachmentEntity> {
    const file_id = await this.store.nextId('file_id');
    return this.version.renewAfter(this.attachments.insertOne({ file_id, ...attachment }));
  }

  findById(fileId: number): Promise<AttachmentEntity | null> {
    return this.attachments.findOne({ file_id: fileId });
  }

  findBySign(sign: string): Promise<AttachmentEntity | null> {
    return this.attachments.findOne({ sign });
  }

  /** Newest first (contract §15). */
  listByPage(pageId: number): Promise<AttachmentEntity[]> {
    return this.attachments.find({ page_id: pageId }, { sort: { addtime: -1, file_id: -1 } });
  }

  countByPage(pageId: number): Promise<number> {
    return this.attachments.count({ page_id: pageId });
  }

  /** Files uploaded to the item, or bound to one of the pages. */
  ofItemOrPages(itemId: number, pageIds: number[]): Promise<AttachmentEntity[]> {
    return this.attachments.find({ $or: [{ item_id: itemId }, { page_id: { $in: pageIds } }] });
  }

  ofPages(pageIds: number[]): Promise<AttachmentEntity[]> {
    return this.attachments.find({ page_id: { $in: pageIds } });
  }

  /** What the files the user uploaded hold together, in bytes. */
  async bytesUploadedBy(uid: number): Promise<number> {
    const rows = await this.attachments.find({ uid }, { fields: ['file_size'] });
    return rows.reduce((total, row) => total + row.file_size, 0);
  }

  /**
   * Up to `limit` uploads of no item and no page, stored before `storedBefore`, that no sweep found
   * linked since `linkedSince`; oldest first.
   */
  itemlessCandidates(storedBefore: number, linkedSince: number, limit: number): Promise<AttachmentEntity[]> {
    return this.attachments.find(
      { item_id: 0, page_id: 0, addtime: { $lt: storedBefore }, $or: [{ linked_at: { $exists: false } }, { linked_at: { $lt: linkedSince } }] },
      { sort: { addtime: 1, file_id: 1 }, limit },
    );
  }

  async markLinked(fileIds: number[], time: number): Promise<void> {
    if (fileIds.length > 0) await this.attachments.updateMany({ file_id: { $in: fileIds } }, { $set: { linked_at: time } });
  }

  /** Every file uploaded to one item (a Markdown import's staging item) into another. */
  moveToItem(fromItemId: number, toItemId: number): Promise<number> {
    return this.version.renewAfter(this.attachments.updateMany({ item_id: fromItemId }, { $set: { item_id: toItemId } }));
  }

  async delete(fileId: number): Promise<void> {
    await this.version.renewAfter(this.attachments.deleteOne({ file_id: fileId }));
  }
}
