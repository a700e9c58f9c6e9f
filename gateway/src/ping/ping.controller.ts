import { Controller, Get } from '@nestjs/common';
import type { Pong } from '@quire/proto';

/** ShowDoc 3.9's `date('c')`: ISO 8601 to the second with the zone's offset (the server keeps UTC). */
export function isoSeconds(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/**
 * ShowDoc 3.9's health check, `GET /server/ping` (and `/server/index.php?s=/ping`, which legacyUrls maps
 * here): its envelope with `{pong: true, time}`. It says the gateway answers; `/readyz` says more.
 */
@Controller()
export class PingController {
  @Get('server/ping')
  ping(): { error_code: 0; data: Pong } {
    return { error_code: 0, data: { pong: true, time: isoSeconds(new Date()) } };
  }
}
