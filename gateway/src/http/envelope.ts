import type { Response } from 'express';

/** Success: `{error_code: 0, data}`; no `error_message` (contract §1.3). */
export function sendData(res: Response, data: unknown): void {
  writeJson(res, 200, JSON.stringify({ error_code: 0, data: data === undefined ? [] : data }));
}

/** Success with data that is already JSON text (`Reply.json`): written as it is, never parsed again. */
export function sendJsonData(res: Response, json: string): void {
  writeJson(res, 200, `{"error_code":0,"data":${json}}`);
}

/**
 * Error: `{error_code, error_message}`; no `data`, except for the Quire errors that carry some (10409's
 * both versions). HTTP 200 for business errors.
 */
export function sendError(res: Response, code: number, message: string, httpStatus = 200, data?: unknown): void {
  if (res.headersSent) return;
  writeJson(res, httpStatus, JSON.stringify(data === undefined ? { error_code: code, error_message: message } : { error_code: code, error_message: message, data }));
}

/**
 * Writes a JSON body straight to the response. Express's `res.json`/`res.send` would also parse
 * the content type to set a charset, hash the body for an ETag and test freshness: per-request
 * work an API reply to a POST never uses (about a tenth of a small read's time).
 */
function writeJson(res: Response, status: number, body: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
