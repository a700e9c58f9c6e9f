import type { NextFunction, Request, Response } from 'express';
import * as express from 'express';
import busboy from 'busboy';
import { AppError, ErrorCode } from '@quire/proto';
import { uploadRuleForPath } from '../upload/upload-route';

/** Largest form or JSON body (a page's Markdown travels this way). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
const MAX_FIELD_BYTES = 8 * 1024 * 1024;
/** Deepest nesting of arrays and objects a JSON body may have (the contract's deepest, `ldap_form` in a body, is 2). */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Refuses a JSON body nested deeper than MAX_JSON_DEPTH before it is parsed: deeper values
 * overflow the stack of whatever walks them next (a RangeError). One pass over the bytes,
 * counting `[` and `{` outside strings; UTF-8 never puts these ASCII bytes inside a multi-byte
 * character, and other charsets are decoded first.
 */
export function assertJsonDepth(body: Buffer, encoding = 'utf-8'): void {
  const bytes = /^utf-?8$/i.test(encoding) ? body : Buffer.from(body.toString(encoding as BufferEncoding), 'utf8');
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (++depth > MAX_JSON_DEPTH) throw new AppError(ErrorCode.BadRequest, 'body_too_deep', { max: MAX_JSON_DEPTH });
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth--;
    }
  }
}

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
    express.json({
      limit: MAX_BODY_BYTES,
      type: (req) => /json/i.test(String(req.headers['content-type'] ?? '')),
      verify: (_req, _res, body, encoding) => assertJsonDepth(body, encoding),
    }),
    // `extended: false`: `a[b][c]=1` stays one flat key, so form bodies have no depth to limit.
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
