import type { Language } from '@quire/proto';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';

/** A language by its API name (the server's `LANGUAGE`, a user's setting): `en` or `zh-cn`. */
export type { Language };

/** Each language's resource name in i18next (and the `lang` of the page). */
const RESOURCE_NAMES: Record<Language, string> = { en: 'en', 'zh-cn': 'zh-CN' };

// English sentences are the keys: no key or namespace separators. English is the fallback and ships
// with the app; the Chinese core labels load when first needed (loadResources), in a chunk of their own.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
  lng: 'en',
  fallbackLng: 'en',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

let chinese: Promise<void> | undefined;

/** The core labels of `language`: English is there from the start, Chinese is fetched once. */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  chinese ??= import('./locales/zh-cn').then(({ zhCN }) => {
    i18n.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
  });
  return chinese;
}

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

/**
 * Shows the app in `language`, once loadLanguage has loaded its labels: every mounted screen re-renders
 * in it (react-i18next listens to the change); the page's `lang` follows. Which language that is,
 * lib/language.ts decides.
 */
export function showLanguage(language: Language): void {
  const name = RESOURCE_NAMES[language];
  if (i18n.language !== name) void i18n.changeLanguage(name);
  document.documentElement.lang = name;
}

export default i18n;
