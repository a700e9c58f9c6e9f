import { ArgumentsHost, Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { AppError, ErrorCode, type RpcErrorPayload } from '@quire/proto';

/**
 * The one exception filter of every microservice (embedded or over NATS): an AppError
 * travels as its payload (code + message key); anything else is logged here, with its
 * stack, and travels as a bare 10101 'internal_error'.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown, RpcErrorPayload> {
  private readonly logger = new Logger(RpcErrorFilter.name);

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    if (exception instanceof AppError) return throwError(() => exception.toPayload());
    const subject = subjectOf(host);
    const detail = exception instanceof Error ? exception.stack ?? exception.message : safeString(exception);
    this.logger.error(`${subject ?? 'a message handler'} failed: ${detail}`);
    return throwError((): RpcErrorPayload => ({ error_code: ErrorCode.Failed, message_key: 'internal_error' }));
  }
}

/** The subject being handled: NatsContext.getSubject() or InProcessContext.getPattern(). */
function subjectOf(host: ArgumentsHost): string | undefined {
  try {
    const context = host.switchToRpc().getContext<{ getSubject?: () => string; getPattern?: () => string } | undefined>();
    return context?.getSubject?.() ?? context?.getPattern?.();
  } catch {
    return undefined;
  }
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return String(value);
  }
}
