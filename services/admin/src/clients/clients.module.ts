import { Module } from '@nestjs/common';
import { AuthClient } from './auth.client';
import { ItemClient } from './item.client';
import { NoticeClient } from './notice.client';
import { TeamClient } from './team.client';

/** The admin service's clients of auth, item, notice and team. */
@Module({
  providers: [AuthClient, ItemClient, NoticeClient, TeamClient],
  exports: [AuthClient, ItemClient, NoticeClient, TeamClient],
})
export class ClientsModule {}
