import type { Readable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import * as express from 'express';
import busboy from 'busboy';
import { AppError, ErrorCode, translate, type Language } from '@quire/proto';
import { uploadRuleForPath } from '../upload/upload-route';
import { sendError } from './envelope';
import { requestLanguage } from './request-language';

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
  // body-parser takes any `utf-*` charset it knows; the ones Node cannot decode (UTF-7, UTF-32) are refused here.
  if (!Buffer.isEncoding(encoding)) throw new AppError(ErrorCode.BadRequest, 'bad_request', { reason: `unsupported charset "${encoding.toUpperCase()}"` });
  const bytes = /^utf-?8$/i.test(encoding) ? body : Buffer.from(body.toString(encoding), 'utf8');
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
 * Takes a multipart file part nobody stores to its end. Its errors are the form's (busboy fails
 * the open part too when the body breaks off), which the parser reports once: without a listener
 * here, a truncated body would throw them at the process.
 */
export function drainPart(part: Readable): void {
  part.on('error', () => undefined);
  part.resume();
}

/**
 * Parses multipart/form-data fields into `req.body`. File parts are drained; the bodies of
 * routes that take a file are left unread for UploadReceiver, which streams into BlobStorage.
 * A body past MAX_BODY_BYTES, or a field past MAX_FIELD_BYTES, is refused (413) rather than cut.
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
    let settled = false;
    let received = 0;
    const settle = (error?: AppError) => {
      if (settled) return;
      settled = true;
      req.off('data', count);
      if (!error) {
        req.body = fields;
        return next();
      }
      req.unpipe(parser);
      // What the client still sends is dropped (sendBodyError drains a body too large, up to a limit).
      req.resume();
      next(error);
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_BODY_BYTES) settle(new AppError(ErrorCode.BadRequest, 'body_too_large'));
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return settle(new AppError(ErrorCode.BadRequest, 'body_too_large'));
      const existing = fields[name];
      fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    });
    parser.on('file', (_name, part) => drainPart(part));
    parser.on('error', (error: Error) => settle(new AppError(ErrorCode.BadRequest, 'bad_request', { reason: error.message })));
    parser.on('close', () => settle());
    req.on('data', count);
    // A client gone half way: nobody reads the answer, but the parser lets go of the request.
    req.on('close', () => {
      if (!req.complete) settle(new AppError(ErrorCode.BadRequest, 'bad_request', { reason: 'the client went away' }));
    });
    req.pipe(parser);
  };
}

/**
 * Refuses a body sent with a content coding (gzip, deflate, br …) with 415. Browsers and ShowDoc's
 * clients send bodies as they are; accepting codings would let a few kilobytes inflate to the
 * size limit in every parser, the multipart ones included, for no client's benefit.
 */
export function refuseEncodedBodies() {
  return (req: Request, _res: Response, next: NextFunction) => {
    const coding = String(req.headers['content-encoding'] ?? '')
      .trim()
      .toLowerCase();
    if (coding === '' || coding === 'identity') return next();
    next(new AppError(ErrorCode.BadRequest, 'body_encoding_unsupported'));
  };
}

/** JSON (merged into the parameters, contract §1.2), form-encoded and multipart bodies. */
export function bodyParsers() {
  return [
    refuseEncodedBodies(),
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

/** What a client may still send after its body was refused as too large, and for how long, before the connection is cut. */
const DRAIN_AFTER_REFUSAL_BYTES = 2 * MAX_BODY_BYTES;
const DRAIN_AFTER_REFUSAL_MS = 10_000;

/**
 * Reads and drops the rest of a body refused as too large, so that a client still sending it reads the 413 instead
 * of a broken pipe (a connection closed under its upload), then keeps the connection; a client that sends more than
 * DRAIN_AFTER_REFUSAL_BYTES, or for longer than DRAIN_AFTER_REFUSAL_MS, is cut off.
 */
function drainRefusedBody(req: Request): void {
  if (req.complete) return;
  let drained = 0;
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, DRAIN_AFTER_REFUSAL_MS);
  timer.unref();
  const count = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained <= DRAIN_AFTER_REFUSAL_BYTES) return;
    req.off('data', count);
    clearTimeout(timer);
    cut();
  };
  req.on('data', count);
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/** The HTTP status of a body refused: 413 too large, 415 compressed, 400 otherwise. */
function bodyErrorStatus(error: AppError): number {
  if (error.key === 'body_too_large') return 413;
  if (error.key === 'body_encoding_unsupported') return 415;
  return 400;
}

/**
 * Answers a body no parser could read: the envelope with 400, 413 or 415, or, on editor.md's
 * upload route, `{success: 0, message}` with 200, as every other failure there (EditorMdReplies).
 */
export function sendBodyError(req: Request, res: Response, error: unknown, serverDefault: Language): void {
  const appError = bodyErrorToAppError(error);
  if (appError.key === 'body_too_large') drainRefusedBody(req);
  const message = translate(appError.key, requestLanguage(req, serverDefault), appError.params);
  if (uploadRuleForPath(req.path)?.editorMd) {
    if (!res.headersSent) res.status(200).json({ success: 0, message });
    return;
  }
  sendError(res, appError.code, message, bodyErrorStatus(appError));
}

/** Turns body-parser failures into the envelope's error instead of an HTML error page. */
export function bodyErrorToAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const failure = error as { type?: string; status?: number; message?: string };
  if (failure.type === 'entity.too.large' || failure.status === 413) return new AppError(ErrorCode.BadRequest, 'body_too_large');
  return new AppError(ErrorCode.BadRequest, 'bad_request', { reason: failure.type === 'entity.parse.failed' ? 'malformed JSON' : (failure.message ?? 'unreadable body') });
}
