import type { Request, Response } from 'express';

/**
 * A versioned reply (proto's `Reply.version`): a weak ETag of its version, and `private, no-cache`
 * so the browser keeps it for this user only and asks again each time. A GET or HEAD whose
 * If-None-Match already names it is answered 304 without a body (returns true). Other methods
 * (ShowDoc's POSTs) always get the whole answer.
 */
export function answerIfNotModified(req: Request, res: Response, version: string): boolean {
  const etag = `W/"${version}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'private, no-cache');
  // Compressed by Accept-Encoding (compress-replies.ts); a 304 names it as the 200 would (RFC 9110 §15.4.5).
  res.vary('Accept-Encoding');
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !matches(req.headers['if-none-match'], etag)) return false;
  res.status(304).end();
  return true;
}

/** If-None-Match's weak comparison: `*`, or any listed tag equal to ours once `W/` is set aside. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}
