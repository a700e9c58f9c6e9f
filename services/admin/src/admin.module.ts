import { Module } from '@nestjs/common';
import { CronController } from './cron/cron.controller';
import { SettingModule } from './setting/setting.module';

/** Site settings and the administrator's views over users and items (asks auth and item). */
@Module({
  imports: [SettingModule],
  controllers: [CronController],
})
export class AdminModule {}
