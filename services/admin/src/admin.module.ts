import { Module } from '@nestjs/common';
import { ClientsModule } from './clients/clients.module';
import { CronController } from './cron/cron.controller';
import { CronService } from './cron/cron.service';
import { AdminItemController } from './item/admin-item.controller';
import { AdminItemService } from './item/admin-item.service';
import { AdminMailController } from './mail/admin-mail.controller';
import { AdminMailService } from './mail/admin-mail.service';
import { AdminNoticeController } from './notice/admin-notice.controller';
import { AdminNoticeService } from './notice/admin-notice.service';
import { SettingModule } from './setting/setting.module';
import { AdminUserController } from './user/admin-user.controller';
import { AdminUserService } from './user/admin-user.service';

import { SiteInfoController } from './site/site-info.controller';
/**
 * Site settings (the only collection it owns) and the administrator's views over items, which it
 * asks of item; announcements go through the notice service. The console's user calls go straight
 * to auth, which owns the users.
 */
@Module({
  imports: [ClientsModule, SettingModule],
  controllers: [CronController, AdminUserController, AdminItemController, AdminNoticeController, AdminMailController, SiteInfoController],
  providers: [CronService, AdminUserService, AdminItemService, AdminNoticeService, AdminMailService],
})
export class AdminModule {}
