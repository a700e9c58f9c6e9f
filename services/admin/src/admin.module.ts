import { Module } from '@nestjs/common';
import { CronController } from './cron/cron.controller';
import { CronService } from './cron/cron.service';
import { SettingModule } from './setting/setting.module';

/** Site settings and the administrator's views over users and items (asks auth and item). */
@Module({
  imports: [SettingModule],
  controllers: [CronController],
  providers: [CronService],
})
export class AdminModule {}
