import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import { AccessVersion } from '../access/access-version';
import type { TeamItemEntity } from './team-item.entity';

/** The `team_items` collection: which items each team shares. */
@Injectable()
export class TeamItemRepository implements OnModuleInit {
  private readonly bindings: Collection<TeamItemEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly accessVersion: AccessVersion,
  ) {
    this.bindings = store.collection<TeamItemEntity>('team_items');
  }

  async onModuleInit(): Promise<void> {
    await this.bindings.ensureIndex({ field: 'id', unique: true });
    await this.bindings.ensureIndex({ field: 'binding_key', unique: true });
    await this.bindings.ensureIndex({ field: 'team_id' });
    await this.bindings.ensureIndex({ field: 'item_id' });
  }

  /** Rejects with DuplicateKeyError when the item is already assigned to the team. */
  async add(binding: Omit<TeamItemEntity, 'id' | 'binding_key'>): Promise<TeamItemEntity> {
    const id = await this.store.nextId('team_item_id');
    return this.accessVersion.renewAfter(this.bindings.insertOne({ id, ...binding, binding_key: `${binding.team_id}:${binding.item_id}` }));
  }

  findById(id: number): Promise<TeamItemEntity | null> {
    return this.bindings.findOne({ id });
  }

  find(teamId: number, itemId: number): Promise<TeamItemEntity | null> {
    return this.bindings.findOne({ team_id: teamId, item_id: itemId });
  }

  /** Oldest first. */
  listByTeam(teamId: number): Promise<TeamItemEntity[]> {
    return this.bindings.find({ team_id: teamId }, { sort: { addtime: 1, id: 1 } });
  }

  listByTeams(teamIds: number[]): Promise<TeamItemEntity[]> {
    return teamIds.length === 0 ? Promise.resolve([]) : this.bindings.find({ team_id: { $in: teamIds } });
  }

  /** Oldest first. */
  listByItem(itemId: number): Promise<TeamItemEntity[]> {
    return this.bindings.find({ item_id: itemId }, { sort: { addtime: 1, id: 1 } });
  }

  listByItemInTeams(itemId: number, teamIds: number[]): Promise<TeamItemEntity[]> {
    return teamIds.length === 0 ? Promise.resolve([]) : this.bindings.find({ item_id: itemId, team_id: { $in: teamIds } });
  }

  countByTeam(teamId: number): Promise<number> {
    return this.bindings.count({ team_id: teamId });
  }

  remove(id: number): Promise<number> {
    return this.accessVersion.renewAfter(this.bindings.deleteOne({ id }));
  }

  removeByTeam(teamId: number): Promise<number> {
    return this.accessVersion.renewAfter(this.bindings.deleteMany({ team_id: teamId }));
  }

  removeByItem(itemId: number): Promise<number> {
    return this.accessVersion.renewAfter(this.bindings.deleteMany({ item_id: itemId }));
  }
}
