import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ApiController } from './api/api.controller';
import { ApiService } from './api/api.service';
import { BlobSender } from './download/blob-sender';
import { HealthController } from './health/health.controller';
import { EnvelopeExceptionFilter } from './http/envelope-exception.filter';
import { HttpProxyController } from './http-proxy/http-proxy.controller';
import { McpController } from './mcp/mcp.controller';
import { PingController } from './ping/ping.controller';
import { HttpProxyService } from './http-proxy/http-proxy.service';
import { PersonalTokenGuard } from './security/personal-token-guard';
import { RateLimiter } from './security/rate-limiter';
import { WriteGuard } from './security/write-guard';
import { CallerResolver } from './session/caller-resolver';
import { EditorMdReplies } from './upload/editor-md-replies';
import { UploadReceiver } from './upload/upload-receiver';

/** The HTTP edge: `/api/*` of the spec, health probes. It holds no domain rules. */
@Module({
  controllers: [ApiController, HealthController, HttpProxyController, PingController, McpController],
  providers: [
    ApiService,
    CallerResolver,
    RateLimiter,
    PersonalTokenGuard,
    WriteGuard,
    UploadReceiver,
    BlobSender,
    EditorMdReplies,
    HttpProxyService,
    { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
  ],
})
export class GatewayModule {}
