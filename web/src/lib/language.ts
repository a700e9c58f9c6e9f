import { useSyncExternalStore } from 'react';
import { type Language, loadLanguage, showLanguage } from './i18n';

/**
 * Which language the app speaks, in the order the gateway words its messages (gateway/src/http/request-language.ts):
 * the signed-in user's setting, else this browser's choice (the `quire_lang` cookie: a visitor's header
 * menu, or the setting of the user who last signed in here), else the browser's languages, else the
 * server's `LANGUAGE`. The cookie goes with every API call, so the server's messages follow the labels.
 */
const COOKIE = 'quire_lang';
const COOKIE_SECONDS = 365 * 24 * 3600;

/**
 * A language tag as one of ours (`zh*` → `zh-cn`, `en*` → `en`), as proto's `languageOfTag` reads it for
 * the gateway. Not imported from there: a value import of `@quire/proto` would bring all of its schemas (zod) along.
 */
function languageOfTag(tag: string | null | undefined): Language | undefined {
  const lower = tag?.trim().toLowerCase().replace('_', '-') ?? '';
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-cn';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return undefined;
}

function readCookie(): Language | undefined {
  const match = /(?:^|;\s*)quire_lang=([^;]*)/.exec(document.cookie);
  return languageOfTag(match ? decodeURIComponent(match[1]) : undefined);
}

function writeCookie(language: Language | undefined): void {
  document.cookie = language ? `${COOKIE}=${language}; path=/; max-age=${COOKIE_SECONDS}; samesite=lax` : `${COOKIE}=; path=/; max-age=0; samesite=lax`;
}

/** The first of the browser's languages (navigator.languages, as Accept-Language lists them) that the app speaks. */
function browserLanguage(): Language | undefined {
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return undefined;
}

interface LanguageState {
  /** What the app speaks now. */
  language: Language;
  /** Whether a user is signed in: false for a visitor (who has the header menu), undefined until known. */
  signedIn: boolean | undefined;
}

let serverDefault: Language | undefined;
let userSetting: Language | undefined;
let state: LanguageState = { language: 'en', signedIn: undefined };
const listeners = new Set<() => void>();

function chosen(): Language | undefined {
  return userSetting ?? readCookie() ?? browserLanguage();
}

function update(next: Partial<LanguageState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

let turns = 0;

/** Shows the language the order above gives now; a later call that finishes first (its labels were there) wins. */
async function apply(): Promise<void> {
  const turn = ++turns;
  const language = chosen() ?? serverDefault ?? 'en';
  await loadLanguage(language);
  if (turn !== turns) return;
  showLanguage(language);
  update({ language });
}

/**
 * Shows the language the first screen can use without asking the server (a choice, or the browser's
 * language); false when only the server's default can tell.
 */
export async function startWithoutServer(): Promise<boolean> {
  if (!chosen()) return false;
  await apply();
  return true;
}

/** The server's `LANGUAGE` (common/homePageSetting): the last resort. */
export function noteServerLanguage(language: string | undefined): Promise<void> {
  serverDefault = languageOfTag(language) ?? 'en';
  return apply();
}

/**
 * The signed-in user's setting, as user/info or user/login answered it ('' = none): it wins, and the
 * browser keeps it for the next visit's first screen. `null`: nobody is signed in.
 */
export function noteUser(user: { language?: string } | null): Promise<void> {
  userSetting = languageOfTag(user?.language);
  if (userSetting) writeCookie(userSetting);
  update({ signedIn: user !== null });
  return apply();
}

/** A signed-in user set their language ('' = follow the browser): also this browser's choice, or none. */
export function noteUserSetting(language: string): Promise<void> {
  writeCookie(languageOfTag(language));
  return noteUser({ language });
}

/** A visitor chose in the header's menu. */
export function chooseVisitorLanguage(language: Language): Promise<void> {
  writeCookie(language);
  return apply();
}

export function useLanguageState(): LanguageState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
