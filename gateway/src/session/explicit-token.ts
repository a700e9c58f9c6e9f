import type { Request } from 'express';
import type { WireParams } from '@quire/proto';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The session token a client sends on purpose, as scripts and ShowDoc's clients do ([HEAD-N]'s
 * order): the `X-API-Token` header, else `Authorization: Bearer <token>`, else the `user_token`
 * parameter. Unlike the cookie, a browser never adds it by itself. Whether it is valid is not checked here.
 */
export function explicitToken(req: Request, params: WireParams): string | undefined {
  const header = req.get('x-api-token')?.trim();
  if (header) return header;
  const bearer = BEARER.exec(req.get('authorization') ?? '')?.[1];
  if (bearer) return bearer;
  const param = params.user_token;
  return typeof param === 'string' && param ? param : undefined;
}
