import type { Request } from 'express';
import { SESSION_COOKIE } from '@quire/proto';
import { readCookie } from '../http/cookies';

/**
 * A state-changing request that carries the session cookie must come from this site:
 * its Origin (or, failing that, Referer) host must be the request's host. Requests
 * without either header (scripts, curl) are not browsers' cross-site requests.
 */
export function isCrossSiteWithCookie(req: Request): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  if (!readCookie(req, SESSION_COOKIE)) return false;
  const source = req.headers.origin ?? req.headers.referer;
  if (!source || source === 'null') return source === 'null';
  try {
    return new URL(source).host !== req.headers.host;
  } catch {
    return true;
  }
}
