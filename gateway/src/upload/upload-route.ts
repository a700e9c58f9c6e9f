import type { Request } from 'express';
import { findRoute, type UploadRule } from '@quire/proto';

const API_PATH = /^\/api\/([^/]+)\/([^/]+)\/?$/;

/** The upload rule of the route a request path names (`/api/<controller>/<action>`), if it takes a file. */
export function uploadRuleForPath(path: string): UploadRule | undefined {
  const match = API_PATH.exec(path);
  if (!match) return undefined;
  try {
    return findRoute(decodeURIComponent(match[1]), decodeURIComponent(match[2]))?.upload;
  } catch {
    return undefined;
  }
}

/** A multipart body no parser has read yet: the upload route streams it itself. */
export function isUnreadMultipart(req: Request): boolean {
  return Boolean(req.is('multipart/form-data')) && req.body === undefined && !req.readableEnded;
}
