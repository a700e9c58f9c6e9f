import type { Request } from 'express';
import { type Language, languageOfTag } from '@quire/proto';
import { readCookie } from './cookies';

/** ShowDoc's language cookie (ThinkPHP's `think_language`, contract §1.6). */
export const THINK_LANGUAGE_COOKIE = 'think_language';
/** The language a visitor chose in the web app's header (or the signed-in user's setting, as the web app last loaded it). */
export const VISITOR_LANGUAGE_COOKIE = 'quire_lang';

/** The first tag of `Accept-Language`, in the order the client wrote them, that names one of our languages. */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  for (const part of (header ?? '').split(',')) {
    const [tag, ...options] = part.split(';');
    if (options.some((option) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(option))) continue;
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return undefined;
}

/** The signed-in user's setting, noted by the CallerResolver once the session is read. */
const userLanguages = new WeakMap<Request, Language>();

export function noteUserLanguage(req: Request, language: Language | undefined): void {
  if (language) userLanguages.set(req, language);
}

/**
 * The language of the messages of one answer — the only place it is decided. First what the request asks
 * for explicitly, as ShowDoc reads it (contract §1.6): the `l` query parameter (whatever the method), then
 * the `think_language` cookie. Then Quire's own choices: the signed-in user's setting (known once the
 * session is read; body and routing failures come before that), then the `quire_lang` cookie the web app
 * writes (a visitor's header menu, or the user's setting as last loaded). Then `Accept-Language`, and last
 * the server's `LANGUAGE`. The user's setting comes before `Accept-Language`, which every browser sends:
 * otherwise no setting could ever win (docs/compatibility.md).
 */
export function requestLanguage(req: Request, serverDefault: Language): Language {
  return (
    languageOfTag(req.query?.l) ??
    languageOfTag(readCookie(req, THINK_LANGUAGE_COOKIE)) ??
    userLanguages.get(req) ??
    languageOfTag(readCookie(req, VISITOR_LANGUAGE_COOKIE)) ??
    acceptedLanguage(req.get('accept-language')) ??
    serverDefault
  );
}
