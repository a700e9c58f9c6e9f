import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, parseParams, SaveTeamSchema, Subject, type TeamListEntry, type TeamRow, TeamRowIdSchema } from '@quire/proto';
import { Handles } from '../handles';
import { TeamService } from './team.service';

@Controller()
export class TeamController {
  constructor(private readonly teams: TeamService) {}

  @Handles(Subject.TeamTeamList)
  list(@Payload() message: Incoming<typeof Subject.TeamTeamList>): Promise<TeamListEntry[]> {
    return this.teams.list(message.caller);
  }

  @Handles(Subject.TeamTeamSave)
  save(@Payload() message: Incoming<typeof Subject.TeamTeamSave>): Promise<TeamRow> {
    return this.teams.save(message.caller, parseParams(SaveTeamSchema, message.params));
  }

  @Handles(Subject.TeamTeamDelete)
  delete(@Payload() message: Incoming<typeof Subject.TeamTeamDelete>): Promise<1> {
    return this.teams.delete(message.caller, parseParams(TeamRowIdSchema, message.params).id);
  }
}
