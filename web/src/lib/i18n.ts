import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import { zhCN } from './locales/zh-cn';

/** The server's LANGUAGE setting (`zh-cn` or `en`) mapped to a resource name. */
export type ServerLanguage = 'en' | 'zh-cn';

export const resources = {
  en: { translation: en },
  'zh-CN': { translation: zhCN },
} as const;

// English sentences are the keys: no key or namespace separators.
void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** The labels of one lazily loaded area (editor, settings, teams, admin): `en` and `zhCN` on the same keys. */
export interface AreaLabels {
  en: Record<string, string>;
  zhCN: Record<string, string>;
}

/**
 * Adds an area's labels when its route module loads, so the reader's bundle never carries the
 * editor's or the admin console's sentences. Call it at module scope of the area's `labels.ts`.
 */
export function addLabels(labels: AreaLabels): void {
  i18n.addResourceBundle('en', 'translation', labels.en, true, false);
  i18n.addResourceBundle('zh-CN', 'translation', labels.zhCN, true, false);
}

/** SPEC §1: labels follow the server configuration, not the browser. */
export function applyServerLanguage(language: string | undefined): void {
  const lng = language?.toLowerCase() === 'zh-cn' ? 'zh-CN' : 'en';
  if (i18n.language !== lng) void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export default i18n;
