import { Logger } from '@nestjs/common';
import { ServerNats } from '@nestjs/microservices';
import type { Msg } from 'nats';
import { ErrorCode, type RpcErrorPayload } from '@quire/proto';

/**
 * NestJS's NATS server, hardened at the bus: anyone on NATS can publish to a service's subject,
 * and a body that is not JSON made NestJS reject a promise nobody awaits, which ends the process.
 * Here it is refused with 10400 ('bad_request') to whoever asked, and the service keeps serving.
 * Well-formed messages with wrong params are the controllers' business (parseParams).
 */
export class QuireNatsServer extends ServerNats {
  private readonly guardLogger = new Logger('NatsServer');

  /**
   * A subject names its handler as it is. NestJS first tries `JSON.parse` on every subject (for
   * object patterns, which Quire does not use), so each message threw and caught a SyntaxError.
   */
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  override async handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    try {
      return await super.handleMessage(channel, natsMsg);
    } catch (error) {
      const unreadable = (error as { code?: unknown }).code === 'BAD_JSON' || error instanceof SyntaxError;
      this.guardLogger.warn(`${channel}: refused a message (${unreadable ? 'not JSON' : (error as Error).message})`);
      const err: RpcErrorPayload = unreadable
        ? { error_code: ErrorCode.BadRequest, message_key: 'bad_request', params: { reason: 'not JSON' } }
        : { error_code: ErrorCode.Failed, message_key: 'internal_error' };
      if (natsMsg.reply) natsMsg.respond(Buffer.from(JSON.stringify({ id: '', err, isDisposed: true })));
      return undefined;
    }
  }
}
