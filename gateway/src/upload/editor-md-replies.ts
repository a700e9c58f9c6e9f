import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG } from '@quire/platform';
import { AppError, ErrorCode, translate } from '@quire/proto';
import { requestLanguage } from '../http/request-language';

/**
 * editor.md's upload protocol: the service's `{success: 1, url}` as the body itself, and every
 * failure, the gateway's own included (not logged in, too large, malformed), as
 * `{success: 0, message}` with HTTP 200, so the editor shows the message instead of failing silently.
 */
@Injectable()
export class EditorMdReplies {
  private readonly logger = new Logger('Gateway');

  constructor(@Inject(QUIRE_CONFIG) private readonly config: QuireConfig) {}

  success(res: Response, data: unknown): void {
    res.status(200).json(data);
  }

  failure(req: Request, res: Response, error: unknown): void {
    if (res.headersSent) return;
    let appError: AppError;
    if (error instanceof AppError) {
      appError = error;
    } else {
      this.logger.error(`Upload failed: ${(error as Error)?.stack ?? String(error)}`);
      appError = new AppError(ErrorCode.Failed, 'internal_error');
    }
    res.status(200).json({ success: 0, message: translate(appError.key, requestLanguage(req, this.config.language), appError.params) });
  }
}
