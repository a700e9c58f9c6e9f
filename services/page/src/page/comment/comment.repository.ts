import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { CommentEntity } from './comment.entity';

/** The `page_comments` collection. */
@Injectable()
export class CommentRepository implements OnModuleInit {
  private readonly comments: Collection<CommentEntity>;

  constructor(private readonly store: DocumentStore) {
    this.comments = store.collection<CommentEntity>('page_comments');
  }

  async onModuleInit(): Promise<void> {
    await this.comments.ensureIndex({ field: 'comment_id', unique: true });
    await this.comments.ensureIndex({ field: 'page_id' });
    await this.comments.ensureIndex({ field: 'item_id' });
  }

  async create(comment: Omit<CommentEntity, 'comment_id'>): Promise<CommentEntity> {
    const comment_id = await this.store.nextId('page_comment_id');
    return this.comments.insertOne({ comment_id, ...comment });
  }

  findById(commentId: number): Promise<CommentEntity | null> {
    return this.comments.findOne({ comment_id: commentId });
  }

  /** A page's comments, newest first. */
  listByPage(pageId: number, skip: number, limit: number): Promise<CommentEntity[]> {
    return this.comments.find({ page_id: pageId }, { sort: { addtime: -1, comment_id: -1 }, skip, limit });
  }

  countByPage(pageId: number): Promise<number> {
    return this.comments.count({ page_id: pageId });
  }

  delete(commentId: number): Promise<number> {
    return this.comments.deleteOne({ comment_id: commentId });
  }

  deleteByPages(pageIds: number[]): Promise<number> {
    return this.comments.deleteMany({ page_id: { $in: pageIds } });
  }

  deleteByItem(itemId: number): Promise<number> {
    return this.comments.deleteMany({ item_id: itemId });
  }
}
