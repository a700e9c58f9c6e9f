import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module';
import { SettingController } from './setting.controller';
import { SettingRepository } from './setting.repository';
import { SettingService } from './setting.service';

@Module({
  imports: [ClientsModule],
  controllers: [SettingController],
  providers: [SettingService, SettingRepository],
})
export class SettingModule {}
