import { Injectable, Logger } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type PageEditor, type QuireContracts, Subject } from '@quire/proto';

/** How long the lock calls wait for the collab service before answering from the plain lock alone. */
export const PRESENCE_TIMEOUT_MS = 1_500;
/** A failing collab service is reported at most once a minute. */
const WARNING_INTERVAL_MS = 60_000;

/**
 * Who is editing a page in the co-editor now, as the collab service knows it. Presence only adds to the
 * plain lock: a collab service that does not answer (or is not deployed) means nobody is co-editing.
 */
@Injectable()
export class CollabPresenceClient {
  private readonly logger = new Logger(CollabPresenceClient.name);
  private lastWarning = Number.NEGATIVE_INFINITY;

  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  async editors(caller: Caller, pageId: number): Promise<PageEditor[]> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PRESENCE_TIMEOUT_MS} ms`)), PRESENCE_TIMEOUT_MS);
    });
    try {
      const editors = await Promise.race([this.transport.send(Subject.CollabPresenceEditors, { caller, params: { page_id: pageId } }), expired]);
      return Array.isArray(editors) ? editors : [];
    } catch (error) {
      if (Date.now() - this.lastWarning >= WARNING_INTERVAL_MS) {
        this.lastWarning = Date.now();
        this.logger.warn(`co-editing presence: the collab service did not answer (${(error as Error).message}); locks answer from page_locks alone`);
      }
      return [];
    } finally {
      clearTimeout(timer);
    }
  }
}
