import type { SettingName } from '@quire/proto';

/** One site option (contract §18 `options`): raw string values, as ShowDoc keeps them. */
export interface SettingEntity {
  name: SettingName;
  value: string;
  updated_at: number;
}
