import { Injectable } from '@nestjs/common';
import { AppError, type Caller } from '@quire/proto';
import { requireLogin } from '../access/require-login';
import type { TeamEntity } from './team.entity';
import { TeamRepository } from './team.repository';

/**
 * "Is this my team?": only the owner manages a team. A missing team and someone else's answer
 * alike (`team_not_owned`), with the code each endpoint uses (10103, 10209 or 102099).
 */
@Injectable()
export class TeamOwnershipService {
  constructor(private readonly teams: TeamRepository) {}

  async require(caller: Caller, teamId: number, code: number): Promise<TeamEntity> {
    requireLogin(caller);
    const team = teamId > 0 ? await this.teams.findById(teamId) : null;
    if (!team || team.uid !== caller.uid) throw new AppError(code, 'team_not_owned');
    return team;
  }
}
