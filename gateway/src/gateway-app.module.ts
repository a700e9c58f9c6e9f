import { DynamicModule, Module } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { PlatformModule } from '@quire/platform';
import { appErrors } from '@quire/proto';
import { GatewayModule } from './gateway.module';

/** The gateway process of the distributed mode: the HTTP edge over NATS. */
@Module({})
export class GatewayAppModule {
  static forRoot(config: QuireConfig): DynamicModule {
    return {
      module: GatewayAppModule,
      imports: [PlatformModule.forRoot({ mode: 'distributed', config, app: 'gateway', errors: appErrors }), GatewayModule],
    };
  }
}
