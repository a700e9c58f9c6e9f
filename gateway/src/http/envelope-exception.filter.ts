import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG, RpcErrorFilter } from '@quire/platform';
import { AppError, ErrorCode, translate } from '@quire/proto';
import { sendError } from './envelope';
import { requestLanguage } from './request-language';

const HTTP_STATUS: Partial<Record<number, number>> = {
  [ErrorCode.BadRequest]: 400,
  [ErrorCode.CrossSite]: 403,
  [ErrorCode.InvalidRoute]: 404,
  [ErrorCode.WriteByGet]: 405,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.PayloadTooLarge]: 413,
};

/**
 * The one place errors become the envelope `{error_code, error_message}`, in the request's language
 * (requestLanguage), with the error's `data` when it carries some. Nothing else of an error (text,
 * stack) leaves the server.
 */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Gateway');

  constructor(@Inject(QUIRE_CONFIG) private readonly config: QuireConfig) {}

  private readonly rpc = new RpcErrorFilter();

  catch(exception: unknown, host: ArgumentsHost): unknown {
    // Registered app-wide, so in the embedded app it also sees message handlers' errors: those stay RPC errors.
    if (host.getType() !== 'http') return this.rpc.catch(exception, host);
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    const error = this.toAppError(exception, req);
    if (error.code === ErrorCode.WriteByGet) res.setHeader('Allow', 'POST');
    sendError(res, error.code, translate(error.key, requestLanguage(req, this.config.language), error.params), HTTP_STATUS[error.code] ?? 200, error.data);
    return undefined;
  }

  private toAppError(exception: unknown, req: Request): AppError {
    if (exception instanceof AppError) return exception;
    if (exception instanceof HttpException && exception.getStatus() === 404) return new AppError(ErrorCode.InvalidRoute, 'invalid_route');
    this.logger.error(`${req.method} ${req.path} failed: ${(exception as Error)?.stack ?? String(exception)}`);
    return new AppError(ErrorCode.Failed, 'internal_error');
  }
}
