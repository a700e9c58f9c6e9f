import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { GetSettingSchema, type HomePageSetting, type Incoming, parseParams, SaveSettingsSchema, type SettingValue, type SiteSettings, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { SettingService } from './setting.service';

@Controller()
export class SettingController {
  constructor(private readonly settings: SettingService) {}

  /** For other services (auth asks whether registration is open). */
  @Handles(Subject.AdminSettingGet)
  async get(@Payload() message: Incoming<typeof Subject.AdminSettingGet>): Promise<SettingValue> {
    const { name } = parseParams(GetSettingSchema, message.params);
    return { value: await this.settings.value(name) };
  }

  @Handles(Subject.AdminSettingHomePage)
  homePage(): Promise<HomePageSetting> {
    return this.settings.homePage();
  }

  @Handles(Subject.AdminSettingLoad)
  load(@Payload() message: Incoming<typeof Subject.AdminSettingLoad>): Promise<SiteSettings | never[]> {
    return this.settings.load(message.caller);
  }

  @Handles(Subject.AdminSettingSave)
  save(@Payload() message: Incoming<typeof Subject.AdminSettingSave>): Promise<never[]> {
    return this.settings.save(message.caller, parseParams(SaveSettingsSchema, message.params));
  }
}
