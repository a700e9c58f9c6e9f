import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { UpgradeHandler, upgradePath } from '@quire/platform';

/**
 * The HTTP server's upgrades (WebSocket): those of the path a module's UpgradeHandler takes go to it
 * (embedded: the collab module; distributed: the proxy to the collab replicas); any other is closed.
 */
export function routeUpgrades(app: INestApplication, server: Server): void {
  const handler = providedUpgradeHandler(app);
  server.on('upgrade', (request, socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (handler && upgradePath(request) === handler.path) handler.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
}

/** The app's UpgradeHandler, if a module provides one (asked through ModuleRef: a miss from `app.get` would end the process). */
function providedUpgradeHandler(app: INestApplication): UpgradeHandler | undefined {
  try {
    return app.get(ModuleRef).get(UpgradeHandler, { strict: false });
  } catch {
    return undefined;
  }
}
