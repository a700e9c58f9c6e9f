import type { Response } from 'express';

/** Success: `{error_code: 0, data}`; no `error_message` (contract §1.3). */
export function sendData(res: Response, data: unknown): void {
  res.status(200).json({ error_code: 0, data: data === undefined ? [] : data });
}

/** Success with data that is already JSON text (`Reply.json`): written as it is, never parsed again. */
export function sendJsonData(res: Response, json: string): void {
  res.status(200).type('application/json').send(`{"error_code":0,"data":${json}}`);
}

/** Error: `{error_code, error_message}`; no `data`. HTTP 200 for business errors. */
export function sendError(res: Response, code: number, message: string, httpStatus = 200): void {
  if (res.headersSent) return;
  res.status(httpStatus).json({ error_code: code, error_message: message });
}
