import type { Request, Response } from 'express';

/**
 * One cookie of the request, as `cookie-parser` (installed by configureGateway) read it. A `j:` value
 * that parsed as JSON is not a cookie this gateway wrote: it reads as absent.
 */
export function readCookie(req: Request, name: string): string | undefined {
  const value: unknown = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
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
