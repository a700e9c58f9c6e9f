import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import { AccessVersion } from '../access/access-version';
import type { TeamEntity } from './team.entity';

/** The `teams` collection. */
@Injectable()
export class TeamRepository implements OnModuleInit {
  private readonly teams: Collection<TeamEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly accessVersion: AccessVersion,
  ) {
    this.teams = store.collection<TeamEntity>('teams');
  }

  async onModuleInit(): Promise<void> {
    await this.teams.ensureIndex({ field: 'id', unique: true });
    await this.teams.ensureIndex({ field: 'uid' });
  }

  async create(team: Omit<TeamEntity, 'id'>): Promise<TeamEntity> {
    const id = await this.store.nextId('team_id');
    return this.accessVersion.renewAfter(this.teams.insertOne({ id, ...team }));
  }

  findById(id: number): Promise<TeamEntity | null> {
    return this.teams.findOne({ id });
  }

  findByIds(ids: number[]): Promise<TeamEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.teams.find({ id: { $in: ids } });
  }

  /** Teams the user owns, newest first. */
  listByOwner(uid: number): Promise<TeamEntity[]> {
    return this.teams.find({ uid }, { sort: { addtime: -1, id: -1 } });
  }

  rename(id: number, teamName: string, now: number): Promise<TeamEntity | null> {
    return this.accessVersion.renewAfter(this.teams.findOneAndUpdate({ id }, { $set: { team_name: teamName, last_update_time: now } }));
  }

  remove(id: number): Promise<number> {
    return this.accessVersion.renewAfter(this.teams.deleteOne({ id }));
  }
}
