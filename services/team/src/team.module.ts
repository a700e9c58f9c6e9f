import { Module } from '@nestjs/common';
import { AccessVersion } from './access/access-version';
import { TeamAccessController } from './access/team-access.controller';
import { TeamAccessService } from './access/team-access.service';
import { AuthClient } from './clients/auth.client';
import { ItemClient } from './clients/item.client';
import { NoticeClient } from './clients/notice.client';
import { SearchChanges } from './search/search-changes';
import { TeamItemMemberController } from './team-item-member/team-item-member.controller';
import { TeamItemMemberRepository } from './team-item-member/team-item-member.repository';
import { TeamItemMemberService } from './team-item-member/team-item-member.service';
import { TeamItemController } from './team-item/team-item.controller';
import { TeamItemRepository } from './team-item/team-item.repository';
import { TeamItemService } from './team-item/team-item.service';
import { TeamMemberController } from './team-member/team-member.controller';
import { TeamMemberRepository } from './team-member/team-member.repository';
import { TeamMemberService } from './team-member/team-member.service';
import { TeamChanges } from './team/team-changes';
import { TeamOwnershipService } from './team/team-ownership.service';
import { TeamController } from './team/team.controller';
import { TeamRepository } from './team/team.repository';
import { TeamService } from './team/team.service';
import { TeamImportController } from './import/team-import.controller';
import { TeamImportService } from './import/team-import.service';

/**
 * Teams, team members, team items and the members' rights on them (collections `teams`,
 * `team_members`, `team_items`, `team_item_members`). The feature folders share repositories
 * (deleting a team cascades through all four), so they are wired in this one module. It asks
 * the item service (creator checks, item names), auth (users) and notice (added to a team)
 * over the transport, and answers the item service's team-rights questions. It imports no
 * adapter: the ports come from the global PlatformModule.
 */
@Module({
  controllers: [TeamController, TeamMemberController, TeamItemController, TeamItemMemberController, TeamAccessController, TeamImportController],
  providers: [
    AccessVersion,
    TeamRepository,
    TeamMemberRepository,
    TeamItemRepository,
    TeamItemMemberRepository,
    TeamOwnershipService,
    TeamChanges,
    TeamImportService,
    TeamService,
    TeamMemberService,
    TeamItemService,
    TeamItemMemberService,
    TeamAccessService,
    ItemClient,
    AuthClient,
    NoticeClient,
    SearchChanges,
  ],
})
export class TeamModule {}
