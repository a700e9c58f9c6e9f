import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { ItemGroupEntity } from './item-group.entity';

/** The `item_groups` collection: each user's own groups. */
@Injectable()
export class ItemGroupRepository implements OnModuleInit {
  private readonly groups: Collection<ItemGroupEntity>;

  constructor(private readonly store: DocumentStore) {
    this.groups = store.collection<ItemGroupEntity>('item_groups');
  }

  async onModuleInit(): Promise<void> {
    await this.groups.ensureIndex({ field: 'id', unique: true });
    await this.groups.ensureIndex({ field: 'uid' });
  }

  /** The user's groups in their order (`s_number`, then oldest first), as ShowDoc lists them. */
  ofUser(uid: number): Promise<ItemGroupEntity[]> {
    return this.groups.find({ uid }, { sort: { s_number: 1, id: 1 } });
  }

  countOfUser(uid: number): Promise<number> {
    return this.groups.count({ uid });
  }

  findOwn(uid: number, id: number): Promise<ItemGroupEntity | null> {
    return this.groups.findOne({ uid, id });
  }

  async create(group: Omit<ItemGroupEntity, 'id'>): Promise<ItemGroupEntity> {
    const id = await this.store.nextId('item_group_id');
    return this.groups.insertOne({ id, ...group });
  }

  /** Changes one of the user's groups; the changed group, or null when it is not theirs. */
  updateOwn(uid: number, id: number, change: Pick<ItemGroupEntity, 'group_name' | 'item_ids' | 'updated_at'>): Promise<ItemGroupEntity | null> {
    return this.groups.findOneAndUpdate({ uid, id }, { $set: change });
  }

  setPosition(uid: number, id: number, sNumber: number): Promise<number> {
    return this.groups.updateOne({ uid, id }, { $set: { s_number: sNumber } });
  }

  deleteOwn(uid: number, id: number): Promise<number> {
    return this.groups.deleteOne({ uid, id });
  }
}
