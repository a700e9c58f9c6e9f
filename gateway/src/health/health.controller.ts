import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthService } from '@quire/platform';

/** Liveness (the process answers) and readiness (the transport and the stores answer). */
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('healthz')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res() res: Response): Promise<void> {
    const report = await this.health.check();
    res.status(report.ok ? 200 : 503).json(report);
  }
}
