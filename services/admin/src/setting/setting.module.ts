import { Module } from '@nestjs/common';
import { SettingController } from './setting.controller';
import { SettingRepository } from './setting.repository';
import { SettingService } from './setting.service';

@Module({
  controllers: [SettingController],
  providers: [SettingService, SettingRepository],
})
export class SettingModule {}
