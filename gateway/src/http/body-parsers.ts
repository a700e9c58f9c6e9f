import type { NextFunction, Request, Response } from 'express';
import * as express from 'express';
import busboy from 'busboy';
import { AppError, ErrorCode } from '@quire/proto';
import { uploadRuleForPath } from '../upload/upload-route';

/** Largest form or JSON body (a page's Markdown travels this way). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
const MAX_FIELD_BYTES = 8 * 1024 * 1024;

/**
 * Parses multipart/form-data fields into `req.body`. File parts are drained; the bodies of
 * routes that take a file are left unread for UploadReceiver, which streams into BlobStorage.
 */
export function multipartFields() {
  return (req: Request, res: Response, next: NextFunction) => {
    // Upload routes stream their body themselves, after the caller has been checked.
    if (!req.is('multipart/form-data') || uploadRuleForPath(req.path)) return next();
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fieldSize: MAX_FIELD_BYTES, fields: 200, files: 5 } });
    } catch (error) {
      return next(new AppError(ErrorCode.BadRequest, 'bad_request', { reason: (error as Error).message }));
    }
    const fields: Record<string, string | string[]> = {};
    let failed = false;
    parser.on('field', (name, value) => {
      const existing = fields[name];
      fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    });
    parser.on('file', (_name, stream) => stream.resume());
    parser.on('error', (error: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      next(new AppError(ErrorCode.BadRequest, 'bad_request', { reason: error.message }));
    });
    parser.on('close', () => {
      if (failed) return;
      req.body = fields;
      next();
    });
    req.pipe(parser);
  };
}

/** JSON (merged into the parameters, contract §1.2), form-encoded and multipart bodies. */
export function bodyParsers() {
  return [
    express.json({ limit: MAX_BODY_BYTES, type: (req) => /json/i.test(String(req.headers['content-type'] ?? '')) }),
    express.urlencoded({ limit: MAX_BODY_BYTES, extended: false, parameterLimit: 10_000 }),
    multipartFields(),
  ];
}

/** Turns body-parser failures into the envelope's error instead of an HTML error page. */
export function bodyErrorToAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const failure = error as { type?: string; status?: number; message?: string };
  if (failure.type === 'entity.too.large' || failure.status === 413) return new AppError(ErrorCode.BadRequest, 'body_too_large');
  return new AppError(ErrorCode.BadRequest, 'bad_request', { reason: failure.type === 'entity.parse.failed' ? 'malformed JSON' : (failure.message ?? 'unreadable body') });
}
