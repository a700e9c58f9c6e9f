import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Message,
  parseParams,
  Subject,
  TeamAccessRightsSchema,
  type TeamItemsOfUser,
  TeamItemsOfUserSchema,
  type TeamRights,
} from '@quire/proto';
import { TeamAccessService } from './team-access.service';

/** Internal subjects the item service asks; the gateway routes no public call here. */
@Controller()
export class TeamAccessController {
  constructor(private readonly access: TeamAccessService) {}

  @MessagePattern(Subject.TeamAccessRights)
  rights(@Payload() message: Message): Promise<TeamRights> {
    const dto = parseParams(TeamAccessRightsSchema, message.params);
    return this.access.rightsOn(dto.item_id, dto.uid);
  }

  @MessagePattern(Subject.TeamAccessItemsOfUser)
  itemsOfUser(@Payload() message: Message): Promise<TeamItemsOfUser> {
    return this.access.itemsOf(parseParams(TeamItemsOfUserSchema, message.params).uid);
  }
}
