import type { Response } from 'express';

/** Success: `{error_code: 0, data}`; no `error_message` (contract §1.3). */
export function sendData(res: Response, data: unknown): void {
  res.status(200).json({ error_code: 0, data: data === undefined ? [] : data });
}

/** Error: `{error_code, error_message}`; no `data`. HTTP 200 for business errors. */
export function sendError(res: Response, code: number, message: string, httpStatus = 200): void {
  if (res.headersSent) return;
  res.status(httpStatus).json({ error_code: code, error_message: message });
}
