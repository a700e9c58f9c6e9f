import compression from 'compression';
import type { Request, Response } from 'express';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
const THRESHOLD_BYTES = 1024;

/**
 * API answers above 1 KB compressed on the fly: Brotli when the client accepts it, else gzip
 * (the `compression` middleware; it adds `Vary: Accept-Encoding`). Files (downloads, exports,
 * raw bodies with a file name) go out as they are stored, with their length: they carry a
 * Content-Disposition, and most are compressed already.
 */
export function compressReplies() {
  return compression({ threshold: THRESHOLD_BYTES, filter: (req: Request, res: Response) => !res.hasHeader('Content-Disposition') && compression.filter(req, res) });
}
