import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  GetSettingSchema,
  SaveSettingsSchema,
  Subject,
  parseParams,
  type HomePageSetting,
  type Message,
  type SettingValue,
  type SiteSettings,
} from '@quire/proto';
import { SettingService } from './setting.service';

@Controller()
export class SettingController {
  constructor(private readonly settings: SettingService) {}

  /** For other services (auth asks whether registration is open). */
  @MessagePattern(Subject.AdminSettingGet)
  async get(@Payload() message: Message): Promise<SettingValue> {
    const { name } = parseParams(GetSettingSchema, message.params);
    return { value: await this.settings.value(name) };
  }

  @MessagePattern(Subject.AdminSettingHomePage)
  homePage(): Promise<HomePageSetting> {
    return this.settings.homePage();
  }

  @MessagePattern(Subject.AdminSettingLoad)
  load(@Payload() message: Message): Promise<SiteSettings | never[]> {
    return this.settings.load(message.caller);
  }

  @MessagePattern(Subject.AdminSettingSave)
  save(@Payload() message: Message): Promise<never[]> {
    return this.settings.save(message.caller, parseParams(SaveSettingsSchema, message.params));
  }
}
