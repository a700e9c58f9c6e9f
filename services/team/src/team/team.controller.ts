import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Message, parseParams, SaveTeamSchema, Subject, type TeamListEntry, TeamRowIdSchema, type TeamRow } from '@quire/proto';
import { TeamService } from './team.service';

@Controller()
export class TeamController {
  constructor(private readonly teams: TeamService) {}

  @MessagePattern(Subject.TeamTeamList)
  list(@Payload() message: Message): Promise<TeamListEntry[]> {
    return this.teams.list(message.caller);
  }

  @MessagePattern(Subject.TeamTeamSave)
  save(@Payload() message: Message): Promise<TeamRow> {
    return this.teams.save(message.caller, parseParams(SaveTeamSchema, message.params));
  }

  @MessagePattern(Subject.TeamTeamDelete)
  delete(@Payload() message: Message): Promise<1> {
    return this.teams.delete(message.caller, parseParams(TeamRowIdSchema, message.params).id);
  }
}
