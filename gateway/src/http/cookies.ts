import type { Request, Response } from 'express';

/** Reads one cookie from the request header (no dependency: the header is simple). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** httpOnly, SameSite=Lax, path /, Secure when the request came over https. */
export function writeCookie(req: Request, res: Response, name: string, value: string, maxAgeSeconds: number): void {
  res.cookie(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: req.secure,
    maxAge: maxAgeSeconds * 1000,
  });
}

export function clearCookie(req: Request, res: Response, name: string): void {
  res.clearCookie(name, { httpOnly: true, sameSite: 'lax', path: '/', secure: req.secure });
}
