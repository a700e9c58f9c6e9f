import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { WebSocket } from 'ws';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG } from '@quire/platform';
import { COLLAB_SESSION_ENDED } from '@quire/proto';
import { type CollabContext, UpgradeGate } from './upgrade-gate';

/**
 * Keeps the session that opened each co-editing connection under watch: every COLLAB_SESSION_CHECK_MS the
 * sessions of the open connections are read again (one read per session, however many pages it has open), and a
 * connection whose session ended meanwhile (logout, a password change, a user removed) is closed with
 * COLLAB_SESSION_ENDED. The upgrade checked the session once; without this, an editor left open after logging out
 * would go on reading and writing the page as that user.
 */
@Injectable()
export class SessionWatch implements OnModuleDestroy {
  private readonly logger = new Logger(SessionWatch.name);
  private readonly watched = new Map<WebSocket, CollabContext>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly gate: UpgradeGate,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  /** Watches `socket` until it closes. */
  watch(socket: WebSocket, context: CollabContext): void {
    this.watched.set(socket, context);
    socket.once('close', () => this.watched.delete(socket));
    this.timer ??= setInterval(() => void this.check(), this.config.collab.sessionCheckMs).unref();
  }

  /** Reads each watched session once and closes the connections of those that ended. */
  async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const byToken = new Map<string, WebSocket[]>();
      for (const [socket, context] of this.watched) {
        const token = context.caller.token ?? '';
        byToken.set(token, [...(byToken.get(token) ?? []), socket]);
      }
      for (const [token, sockets] of byToken) {
        const live = await this.gate.sessionLive(token).catch((error: Error) => {
          // A store that does not answer ends nobody's session: the next round asks again.
          this.logger.warn(`Checking a co-editing session failed: ${error.message}`);
          return true;
        });
        if (live) continue;
        for (const socket of sockets) {
          this.watched.delete(socket);
          socket.close(COLLAB_SESSION_ENDED, 'session-ended');
        }
      }
      if (this.watched.size === 0) this.stop();
    } finally {
      this.checking = false;
    }
  }

  onModuleDestroy(): void {
    this.stop();
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
