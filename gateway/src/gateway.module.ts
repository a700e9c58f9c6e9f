import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ApiController } from './api/api.controller';
import { ApiService } from './api/api.service';
import { HealthController } from './health/health.controller';
import { EnvelopeExceptionFilter } from './http/envelope-exception.filter';
import { RateLimiter } from './security/rate-limiter';
import { CallerResolver } from './session/caller-resolver';

/** The HTTP edge: `/api/*` of the spec, health probes. It holds no domain rules. */
@Module({
  controllers: [ApiController, HealthController],
  providers: [ApiService, CallerResolver, RateLimiter, { provide: APP_FILTER, useClass: EnvelopeExceptionFilter }],
})
export class GatewayModule {}
