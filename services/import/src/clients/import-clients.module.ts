import { Module } from '@nestjs/common';
import { AuthClient } from './auth.client';
import { ItemClient } from './item.client';
import { PageClient } from './page.client';
import { TeamClient } from './team.client';

/** The import service's clients of the owning services, shared by its ShowDoc and Markdown imports. */
@Module({
  providers: [AuthClient, ItemClient, PageClient, TeamClient],
  exports: [AuthClient, ItemClient, PageClient, TeamClient],
})
export class ImportClientsModule {}
