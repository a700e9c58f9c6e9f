import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { TransportClient } from '@quire/platform';
import {
  anonymousCaller,
  AppError,
  type CacheVersions,
  type Caller,
  ErrorCode,
  findRoute,
  isReply,
  type QuireContracts,
  type Reply,
  type Route,
  type UploadedFile,
  type UploadRule,
  type WireParams,
} from '@quire/proto';
import { wireParams } from '../http/wire-params';
import { CallerResolver } from '../session/caller-resolver';
import { RateLimiter, type RateLimitPlace } from '../security/rate-limiter';
import { PersonalTokenGuard } from '../security/personal-token-guard';
import { WriteGuard } from '../security/write-guard';
import { isUnreadMultipart } from '../upload/upload-route';
import { UploadReceiver } from '../upload/upload-receiver';

export interface ApiCall {
  route: Route;
  caller: Caller;
  params: WireParams;
  /** Read with the session; forwarded for services that cache. */
  versions: CacheVersions;
  /** The files this call stored; removed again unless the service accepts them. */
  uploads?: UploadedFile[];
  /** An explicit credential authenticated the call: its reply sets or clears no session cookie of the browser. */
  explicit: boolean;
  /** On a rate-limited route: the call's place in its address's window, given back when it succeeds. */
  place?: RateLimitPlace;
}

/** The params without the names the gateway forwards stored files under (`file` and the rule's named parts). */
function withoutFileNames(params: WireParams, rule: UploadRule): WireParams {
  const names = new Set(['file', ...(rule.parts ?? [])]);
  return Object.fromEntries(Object.entries(params).filter(([name]) => !names.has(name)));
}

/** Resolves a request to a route and a caller, enforces the route's rule, and forwards it. */
@Injectable()
export class ApiService {
  constructor(
    private readonly callers: CallerResolver,
    private readonly limiter: RateLimiter,
    private readonly transport: TransportClient<QuireContracts>,
    private readonly uploads: UploadReceiver,
    private readonly writes: WriteGuard,
    private readonly tokens: PersonalTokenGuard,
  ) {}

  async prepare(req: Request, res: Response, controller: string, action: string): Promise<ApiCall> {
    const route = findRoute(controller, action);
    if (!route) throw new AppError(ErrorCode.InvalidRoute, 'invalid_route');
    // On an upload route the body is still unread: the caller comes from the cookie, a header or the query string.
    const { _item_pwd: itemPassword, ...params } = wireParams(req);
    const resolved = await this.callers.resolve(req, res, params);
    // The open API authenticates by its key alone: no session goes with it, whatever cookie rides along.
    const session = route.auth === 'apiKey' ? anonymousCaller(resolved.caller.clientId, resolved.caller.ip) : resolved.caller;
    // `_item_pwd`: a visit password for this request only ([HEAD] clients that keep no cookie); the item service checks it.
    const caller = typeof itemPassword === 'string' && itemPassword !== '' && itemPassword.length <= 128 ? { ...session, itemPassword } : session;
    const versions = resolved.versions;
    this.writes.check(req, route, params, caller);
    const explicit = this.writes.isExplicit(req, params, caller);
    const place = route.rateLimited ? await this.limiter.reserve(req.ip ?? '') : undefined;
    await this.tokens.admit(route, caller, route.auth === 'apiKey' ? undefined : this.callers.token(req, params));
    if ((route.auth === 'required' || route.auth === 'admin') && caller.uid === 0) {
      throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    }
    if (route.auth === 'admin' && caller.groupid !== 1) throw new AppError(ErrorCode.NoPermission, 'no_permission');
    if (!route.upload) return { route, caller, params, versions, explicit, place };
    // Only the gateway names a stored file: a `file` (or a named part's field) the client sent as text is dropped.
    const rest = withoutFileNames(params, route.upload);
    if (!isUnreadMultipart(req)) return { route, caller, params: rest, versions, explicit, place };
    const received = await this.uploads.receive(req, route.upload);
    const merged = { ...rest, ...withoutFileNames(received.fields, route.upload) };
    const stored = Object.values(received.files);
    return stored.length > 0
      ? { route, caller, params: { ...merged, ...received.files }, uploads: stored, versions, explicit, place }
      : { route, caller, params: merged, versions, explicit, place };
  }

  async forward(call: ApiCall): Promise<Reply> {
    let reply: unknown;
    try {
      reply = await this.transport.relay(call.route.subject, { caller: call.caller, params: call.params, versions: call.versions });
    } catch (error) {
      for (const file of call.uploads ?? []) await this.uploads.discard(file);
      throw error;
    }
    if (call.place) await this.limiter.release(call.place);
    return isReply(reply) ? reply : { $reply: true, data: reply };
  }
}
