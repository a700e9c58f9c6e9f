import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { MemberGroup } from '@quire/proto';
import { AccessVersion } from '../access/access-version';
import type { MemberEntity } from './member.entity';

export interface NewMember {
  item_id: number;
  uid: number;
  username: string;
  member_group_id: MemberGroup;
  addtime: number;
}

/** The `item_members` collection: who, besides the creator, may read or write an item. */
@Injectable()
export class MemberRepository implements OnModuleInit {
  private readonly members: Collection<MemberEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly accessVersion: AccessVersion,
  ) {
    this.members = store.collection<MemberEntity>('item_members');
  }

  async onModuleInit(): Promise<void> {
    await this.members.ensureIndex({ field: 'item_member_id', unique: true });
    await this.members.ensureIndex({ field: 'item_id' });
    await this.members.ensureIndex({ field: 'uid' });
    await this.members.ensureIndex({ field: 'member_key', unique: true, sparse: true });
  }

  /** Rejects with DuplicateKeyError when the user is already a member of the item. */
  async add(member: NewMember): Promise<MemberEntity> {
    const item_member_id = await this.store.nextId('item_member_id');
    return this.accessVersion.renewAfter(this.members.insertOne({ item_member_id, ...member, member_key: `${member.item_id}:${member.uid}` }));
  }

  /** Ends one membership of the item; 0 when the id is not a membership of that item. */
  removeById(itemId: number, itemMemberId: number): Promise<number> {
    return this.accessVersion.renewAfter(this.members.deleteOne({ item_id: itemId, item_member_id: itemMemberId }));
  }

  /** One membership of the item by its id, if any. */
  findById(itemId: number, itemMemberId: number): Promise<MemberEntity | null> {
    return this.members.findOne({ item_id: itemId, item_member_id: itemMemberId });
  }

  /** The user's membership of the item, if any. */
  find(itemId: number, uid: number): Promise<MemberEntity | null> {
    return this.members.findOne({ item_id: itemId, uid });
  }

  /** Oldest first (`member/getList` order). */
  listByItem(itemId: number): Promise<MemberEntity[]> {
    return this.members.find({ item_id: itemId }, { sort: { addtime: 1, item_member_id: 1 } });
  }

  listByUser(uid: number): Promise<MemberEntity[]> {
    return this.members.find({ uid });
  }

  /** Ends the user's membership; returns how many rows went (0 when not a member). */
  removeUser(itemId: number, uid: number): Promise<number> {
    return this.accessVersion.renewAfter(this.members.deleteMany({ item_id: itemId, uid }));
  }

  removeByItem(itemId: number): Promise<number> {
    return this.accessVersion.renewAfter(this.members.deleteMany({ item_id: itemId }));
  }
}
