import { Module } from '@nestjs/common';
import { AuthClient } from './auth.client';
import { ItemClient } from './item.client';
import { NoticeClient } from './notice.client';

/** The admin service's clients of auth, item and notice. */
@Module({
  providers: [AuthClient, ItemClient, NoticeClient],
  exports: [AuthClient, ItemClient, NoticeClient],
})
export class ClientsModule {}
