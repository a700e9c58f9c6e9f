import { z } from 'zod';
import { requiredText } from '../validation';

/** Site options the admin service owns (contract §18 `options`). */
export const SettingNames = ['register_open', 'ldap_open', 'ldap_form', 'home_page', 'home_item'] as const;
export type SettingName = (typeof SettingNames)[number];

export const GetSettingSchema = z.object({
  name: requiredText().pipe(z.enum(SettingNames, { error: 'param_not_one_of' })),
});
export type GetSettingDto = z.output<typeof GetSettingSchema>;

/** `admin.setting.get` reply: the raw option value, null when never saved. */
export interface SettingValue {
  value: string | null;
}

/** `common/homePageSetting` data ([ERA] raw option strings, false when never saved). */
export interface HomePageSetting {
  home_page: string | false;
  home_item: string | false;
  register_open: number;
}
