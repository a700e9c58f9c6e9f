import { ArgumentsHost, Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { internalErrorPayload, isRpcError } from './rpc-error';

/**
 * The one exception filter of every microservice (embedded or over NATS): an RpcError (the app's
 * domain errors) travels as its payload (code + message key); anything else is logged here, with
 * its stack, and travels as the app's registered internal error (PlatformErrors).
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter {
  private readonly logger = new Logger(RpcErrorFilter.name);

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    if (isRpcError(exception)) return throwError(() => exception.toPayload());
    const subject = subjectOf(host);
    const detail = exception instanceof Error ? (exception.stack ?? exception.message) : safeString(exception);
    this.logger.error(`${subject ?? 'a message handler'} failed: ${detail}`);
    return throwError(internalErrorPayload);
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
