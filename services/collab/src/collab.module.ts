import { type DynamicModule, Module } from '@nestjs/common';
import type { Extension } from '@hocuspocus/server';
import { UpgradeHandler } from '@quire/platform';
import { ItemClient } from './clients/item.client';
import { PageClient } from './clients/page.client';
import { CollabDocumentRepository } from './document/collab-document.repository';
import { CollabDocumentSweeper } from './document/collab-document-sweeper';
import { CollabFeed } from './live/collab-feed';
import { CollabPresence } from './presence/collab-presence';
import { CollabPresenceController } from './presence/collab-presence.controller';
import { LiveDocuments } from './live/live-documents';
import { CollabListener } from './server/collab-listener';
import { COLLAB_EXTENSIONS, CollabServer } from './server/collab-server';
import { redisExtension } from './server/redis-extension';
import { SessionWatch } from './session/session-watch';
import { UpgradeGate } from './session/upgrade-gate';

/**
 * Live co-editing of a page's Markdown (Yjs documents served by Hocuspocus over a WebSocket at
 * COLLAB_PATH). It provides the app's UpgradeHandler: the HTTP server that carries the site hands it
 * the upgrades of that path. It imports no adapter: the ports come from the global PlatformModule.
 */
@Module({
  controllers: [CollabPresenceController],
  providers: [
    CollabPresence,
    CollabServer,
    { provide: UpgradeHandler, useExisting: CollabServer },
    UpgradeGate,
    SessionWatch,
    LiveDocuments,
    CollabFeed,
    CollabDocumentRepository,
    CollabDocumentSweeper,
    PageClient,
    ItemClient,
  ],
  exports: [UpgradeHandler, CollabServer],
})
export class CollabModule {
  /**
   * The distributed service: its own HTTP server for the upgrades the gateway forwards (COLLAB_PORT),
   * and Hocuspocus's Redis extension, so that every replica serves every document.
   */
  static distributed(redisUrl: string): DynamicModule {
    return {
      module: CollabModule,
      providers: [CollabListener, { provide: COLLAB_EXTENSIONS, useFactory: (): Extension[] => [redisExtension(redisUrl)] }],
    };
  }
}
