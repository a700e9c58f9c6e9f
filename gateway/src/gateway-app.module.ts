import { DynamicModule, Module } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { PlatformModule, UpgradeHandler } from '@quire/platform';
import { appErrors } from '@quire/proto';
import { GatewayModule } from './gateway.module';
import { CollabUpgradeProxy } from './http/collab-upgrade-proxy';

/** The gateway process of the distributed mode: the HTTP edge over NATS, and the door to the collab replicas. */
@Module({})
export class GatewayAppModule {
  static forRoot(config: QuireConfig): DynamicModule {
    return {
      module: GatewayAppModule,
      imports: [PlatformModule.forRoot({ mode: 'distributed', config, app: 'gateway', errors: appErrors }), GatewayModule],
      // Co-editing upgrades go on to the collab replicas (COLLAB_URL).
      providers: [{ provide: UpgradeHandler, useClass: CollabUpgradeProxy }],
    };
  }
}
