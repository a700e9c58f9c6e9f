import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { TransportClient } from '@quire/platform';
import { AppError, ErrorCode, findRoute, isReply, type Caller, type Reply, type Route, type WireParams } from '@quire/proto';
import { CallerResolver } from '../session/caller-resolver';
import { RateLimiter } from '../security/rate-limiter';
import { isCrossSiteWithCookie } from '../security/same-origin';

export interface ApiCall {
  route: Route;
  caller: Caller;
  params: WireParams;
}

/** Resolves a request to a route and a caller, enforces the route's rule, and forwards it. */
@Injectable()
export class ApiService {
  constructor(
    private readonly callers: CallerResolver,
    private readonly limiter: RateLimiter,
    private readonly transport: TransportClient,
  ) {}

  async prepare(req: Request, res: Response, controller: string, action: string, params: WireParams): Promise<ApiCall> {
    const route = findRoute(controller, action);
    if (!route) throw new AppError(ErrorCode.InvalidRoute, 'invalid_route');
    if (isCrossSiteWithCookie(req)) throw new AppError(ErrorCode.CrossSite, 'cross_site');
    if (route.rateLimited) await this.limiter.consume(req.ip ?? '');
    const caller = await this.callers.resolve(req, res, params);
    if ((route.auth === 'required' || route.auth === 'admin') && caller.uid === 0) {
      throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    }
    if (route.auth === 'admin' && caller.groupid !== 1) throw new AppError(ErrorCode.NoPermission, 'no_permission');
    return { route, caller, params };
  }

  async forward(call: ApiCall): Promise<Reply> {
    const reply = await this.transport.send(call.route.subject, { caller: call.caller, params: call.params });
    return isReply(reply) ? reply : { $reply: true, data: reply };
  }
}
