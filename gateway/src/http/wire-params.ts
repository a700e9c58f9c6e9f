import type { Request } from 'express';
import type { WireParams } from '@quire/proto';

/**
 * The call's parameters: the query string, overlaid by the body (form, multipart or
 * JSON). ShowDoc [ERA] read only one of them depending on the method; reading both, body
 * first, accepts every client of every ShowDoc generation.
 */
export function wireParams(req: Request): WireParams {
  const query = (req.query ?? {}) as WireParams;
  const body: unknown = req.body;
  const fromBody = typeof body === 'object' && body !== null && !Array.isArray(body) && !Buffer.isBuffer(body) ? (body as WireParams) : {};
  return { ...query, ...fromBody };
}
