import { Injectable } from '@nestjs/common';
import type { HomePageSetting, SettingName } from '@quire/proto';
import { SettingRepository } from './setting.repository';

@Injectable()
export class SettingService {
  constructor(private readonly settings: SettingRepository) {}

  value(name: SettingName): Promise<string | null> {
    return this.settings.value(name);
  }

  /** What the landing and register screens need; registration is open unless set to '0'. */
  async homePage(): Promise<HomePageSetting> {
    const [homePage, homeItem, registerOpen] = await Promise.all([
      this.settings.value('home_page'),
      this.settings.value('home_item'),
      this.settings.value('register_open'),
    ]);
    return { home_page: homePage ?? false, home_item: homeItem ?? false, register_open: registerOpen === '0' ? 0 : 1 };
  }
}
