import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type ItemTeamEntry,
  type Message,
  parseParams,
  Subject,
  type TeamItemByTeamEntry,
  TeamIdSchema,
  TeamItemListSchema,
  TeamItemPairSchema,
  TeamItemPurgeSchema,
  type TeamItemRow,
  TeamRowIdSchema,
} from '@quire/proto';
import { TeamItemService } from './team-item.service';

@Controller()
export class TeamItemController {
  constructor(private readonly teamItems: TeamItemService) {}

  @MessagePattern(Subject.TeamItemList)
  list(@Payload() message: Message): Promise<ItemTeamEntry[]> {
    return this.teamItems.listByItem(message.caller, parseParams(TeamItemListSchema, message.params).item_id);
  }

  @MessagePattern(Subject.TeamItemSave)
  save(@Payload() message: Message): Promise<TeamItemRow> {
    return this.teamItems.save(message.caller, parseParams(TeamItemPairSchema, message.params));
  }

  @MessagePattern(Subject.TeamItemListByTeam)
  listByTeam(@Payload() message: Message): Promise<TeamItemByTeamEntry[]> {
    return this.teamItems.listByTeam(message.caller, parseParams(TeamIdSchema, message.params).team_id);
  }

  @MessagePattern(Subject.TeamItemDelete)
  delete(@Payload() message: Message): Promise<1> {
    return this.teamItems.delete(message.caller, parseParams(TeamRowIdSchema, message.params).id);
  }

  /** Internal: a purged item leaves every team. */
  @MessagePattern(Subject.TeamItemPurge)
  purge(@Payload() message: Message): Promise<{ removed: number }> {
    return this.teamItems.purgeItem(parseParams(TeamItemPurgeSchema, message.params).item_id);
  }
}
