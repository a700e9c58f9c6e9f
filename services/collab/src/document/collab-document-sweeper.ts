import { Injectable, Logger } from '@nestjs/common';
import { OnJob } from '@quire/platform';
import { JobName } from '@quire/proto';
import { PageClient, SERVICE_CALLER } from '../clients/page.client';
import { CollabDocumentRepository } from './collab-document.repository';

/** How often the scheduler runs the sweep (one replica each time). */
export const COLLAB_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** A document written within this is left alone: its page is being edited, or was a moment ago. */
const IDLE_MS = 60 * 60 * 1000;

/**
 * Removes the co-editing state kept for pages that were deleted since (to the recycle bin or for good): the
 * `collab.sweep` job, which the job queue's scheduler runs hourly on one replica. Without it, a purged page's text
 * would live on in `collab_documents`. A restored page's editor starts again from the page.
 */
@Injectable()
export class CollabDocumentSweeper {
  private readonly logger = new Logger(CollabDocumentSweeper.name);

  constructor(
    private readonly documents: CollabDocumentRepository,
    private readonly pages: PageClient,
  ) {}

  @OnJob(JobName.SweepCollabDocuments, { everyMs: COLLAB_SWEEP_EVERY_MS })
  run(): Promise<number> {
    return this.sweep();
  }

  /** Removes the documents idle since an hour before `now` (Unix ms) whose page no longer lives; returns how many. */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    try {
      for (const pageId of await this.documents.idleSince(now - IDLE_MS)) {
        if (await this.pages.live(SERVICE_CALLER, pageId)) continue;
        removed += await this.documents.remove(pageId);
      }
    } catch (error) {
      this.logger.warn(`Sweeping the co-editing documents of deleted pages failed: ${(error as Error).message}`);
    }
    return removed;
  }
}
