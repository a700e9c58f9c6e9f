import { createServer, type Server } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG, refuseUpgrade, upgradePath } from '@quire/platform';
import { CollabServer } from './collab-server';

/**
 * The distributed collab service's own HTTP server (COLLAB_PORT): it takes the WebSocket upgrades of
 * COLLAB_PATH that the gateway forwards, and answers anything else 404.
 */
@Injectable()
export class CollabListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CollabListener.name);
  private readonly server: Server = createServer((_request, response) => response.writeHead(404, { 'content-length': '0' }).end());

  constructor(
    private readonly collab: CollabServer,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {
    this.server.on('upgrade', (request, socket, head: Buffer) => {
      socket.on('error', () => socket.destroy());
      if (upgradePath(request) === this.collab.path) this.collab.handleUpgrade(request, socket, head);
      else refuseUpgrade(socket, 404, 'Not Found');
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port } = this.config.collab;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, this.config.http.host, () => resolve());
    });
    this.logger.log(`co-editing WebSockets on http://${this.config.http.host}:${port}`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
