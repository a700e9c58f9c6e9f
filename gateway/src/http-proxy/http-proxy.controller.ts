import { Controller, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError, ErrorCode, HttpProxyRequestSchema, parseParams } from '@quire/proto';
import { wireParams } from '../http/wire-params';
import { PersonalTokenGuard } from '../security/personal-token-guard';
import { WriteGuard } from '../security/write-guard';
import { CallerResolver } from '../session/caller-resolver';
import { HttpProxyService } from './http-proxy.service';

/**
 * Quire extension: `POST /api/http-proxy {method, url, headers, body}` sends one HTTP request for a
 * logged-in user while the site setting `http_proxy_open` is '1' (docs/compatibility.md).
 */
@Controller('api')
export class HttpProxyController {
  constructor(
    private readonly callers: CallerResolver,
    private readonly proxy: HttpProxyService,
    private readonly writes: WriteGuard,
    private readonly tokens: PersonalTokenGuard,
  ) {}

  @Post('http-proxy')
  async send(@Req() req: Request, @Res() res: Response): Promise<void> {
    const params = wireParams(req);
    const { caller } = await this.callers.resolve(req, res, params);
    // It sends a request in the user's name: guarded as a write.
    this.writes.check(req, { effect: 'write', auth: 'required' }, params, caller);
    await this.tokens.admit({ effect: 'write' }, caller, this.callers.token(req, params));
    if (caller.uid === 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    await this.proxy.ensureOpen(caller);
    const dto = parseParams(HttpProxyRequestSchema, params);
    const target = await this.proxy.resolve(dto);
    await this.proxy.forward(req, res, dto, target);
  }
}
