import { lookup } from 'node:dns/promises';
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import proxy from 'express-http-proxy';
import type { QuireConfig } from '@quire/config';
import { AddressPolicy, QUIRE_CONFIG, TransportClient } from '@quire/platform';
import { AppError, type Caller, ErrorCode, HTTP_PROXY_MAX_BYTES, HTTP_PROXY_TIMEOUT_MS, type HttpProxyReply, type HttpProxyRequestDto, type QuireContracts, Subject } from '@quire/proto';

/** Where a checked request goes: the URL as typed and the one address the proxy will connect to. */
export interface ProxyTarget {
  url: URL;
  /** The URL's host without IPv6 brackets. */
  hostname: string;
  address: string;
  port: number;
}

/** Headers the proxy sets itself or that only make sense on the user's own connection. */
const DROPPED_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
  'accept-encoding',
  'expect',
]);
const MAX_MB = HTTP_PROXY_MAX_BYTES / (1024 * 1024);

type Failure = 'too_large' | 'timeout';

/**
 * The server side of the HTTP API test tool (Quire extension, `POST /api/http-proxy`): checks the site
 * setting, resolves the target and refuses internal addresses, then sends the request with
 * express-http-proxy over a connection to the checked address (DNS cannot switch it afterwards).
 * Nothing of the user's request is forwarded but what they typed: no cookies, no session, no
 * forwarded-for. Redirects are returned, never followed. Request and response are capped at 4 MB,
 * the whole exchange at 20 s.
 */
@Injectable()
export class HttpProxyService {
  private readonly policy: AddressPolicy;

  constructor(
    private readonly transport: TransportClient<QuireContracts>,
    @Inject(QUIRE_CONFIG) config: QuireConfig,
  ) {
    this.policy = new AddressPolicy(config.httpProxy.allowHosts);
  }

  /** 10460 unless an administrator has set `http_proxy_open` to '1'. */
  async ensureOpen(caller: Caller): Promise<void> {
    const setting = await this.transport.send(Subject.AdminSettingGet, { caller, params: { name: 'http_proxy_open' } });
    if (setting.value !== '1') throw new AppError(ErrorCode.HttpProxyClosed, 'http_proxy_closed');
  }

  /** Parses the URL, resolves its host and refuses it when any address it resolves to is internal. */
  async resolve(dto: HttpProxyRequestDto): Promise<ProxyTarget> {
    if (Buffer.byteLength(dto.body) > HTTP_PROXY_MAX_BYTES) {
      throw new AppError(ErrorCode.HttpProxyFailed, 'http_proxy_request_too_large', { max: MAX_MB });
    }
    let url: URL;
    try {
      url = new URL(dto.url);
    } catch {
      throw new AppError(ErrorCode.Failed, 'http_proxy_url_invalid');
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) {
      throw new AppError(ErrorCode.Failed, 'http_proxy_url_invalid');
    }
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(hostname) ? [hostname] : await this.lookup(hostname);
    const refused = addresses.find((address) => this.policy.isForbidden(address));
    if (refused !== undefined || addresses.length === 0) {
      throw new AppError(ErrorCode.HttpProxyForbidden, 'http_proxy_forbidden_address', { host: url.host, address: refused ?? hostname });
    }
    return { url, hostname, address: addresses[0], port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)) };
  }

  /** Sends the request and answers the envelope `{error_code: 0, data: HttpProxyReply}` itself. */
  forward(req: Request, res: Response, dto: HttpProxyRequestDto, target: ProxyTarget): Promise<void> {
    const state: { failure?: Failure; encoding?: string } = {};
    const started = Date.now();
    const https = target.url.protocol === 'https:';
    const host = isIP(target.address) === 6 ? `[${target.address}]` : target.address;

    const handler = proxy(`${https ? 'https' : 'http'}://${host}:${target.port}`, {
      memoizeHost: false,
      parseReqBody: true,
      reqBodyEncoding: null,
      proxyReqPathResolver: () => `${target.url.pathname}${target.url.search}`,
      proxyReqBodyDecorator: () => dto.body,
      proxyReqOptDecorator: (options) => ({
        ...options,
        method: dto.method,
        headers: this.outgoingHeaders(dto, target),
        agent: undefined,
        createConnection: () => this.connect(target, state),
      }),
      // The target's headers and status travel inside the reply, never as this response's own.
      userResHeaderDecorator: (_headers, _userReq, userRes, _proxyReq, proxyRes) => {
        userRes.status(200);
        // Decoded below with a size cap (express-http-proxy would gunzip without one).
        state.encoding = proxyRes.headers['content-encoding'];
        delete proxyRes.headers['content-encoding'];
        return { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
      },
      userResDecorator: (proxyRes, data: Buffer) => {
        const reply: HttpProxyReply = {
          status: proxyRes.statusCode ?? 0,
          status_text: proxyRes.statusMessage ?? '',
          headers: headerPairs(proxyRes),
          body: this.decode(data, state.encoding, target).toString('utf8'),
          size: data.length,
          time_ms: Date.now() - started,
          address: target.address,
        };
        return JSON.stringify({ error_code: 0, data: reply });
      },
      proxyErrorHandler: (error: unknown, _res: Response, next: NextFunction) => next(this.toAppError(error, state, target)),
    });

    return new Promise<void>((resolve, reject) => {
      res.once('finish', () => resolve());
      handler(req, res, (error?: unknown) => (error ? reject(error instanceof AppError ? error : this.toAppError(error, state, target)) : resolve()));
    });
  }

  private async lookup(hostname: string): Promise<string[]> {
    try {
      return (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw new AppError(ErrorCode.HttpProxyFailed, 'http_proxy_unknown_host', { host: hostname });
    }
  }

  private outgoingHeaders(dto: HttpProxyRequestDto, target: ProxyTarget): OutgoingHttpHeaders {
    const headers: Record<string, string | string[]> = {};
    for (const [rawName, value] of dto.headers) {
      const name = rawName.toLowerCase();
      if (DROPPED_HEADERS.has(name) || name.startsWith('proxy-')) continue;
      const existing = headers[name];
      headers[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
    headers.host = target.url.host;
    headers.connection = 'close';
    headers['accept-encoding'] = 'identity';
    headers['user-agent'] ??= 'Quire-HTTP-Test';
    return headers;
  }

  /** A connection to the checked address only, counting what comes back and ending after the time limit. */
  private connect(target: ProxyTarget, state: { failure?: Failure }): Socket {
    const socket: Socket =
      target.url.protocol === 'https:'
        ? tlsConnect({ host: target.address, port: target.port, servername: isIP(target.hostname) ? undefined : target.hostname })
        : netConnect({ host: target.address, port: target.port });
    let received = 0;
    const timer = setTimeout(() => {
      state.failure = 'timeout';
      socket.destroy(new Error('timeout'));
    }, HTTP_PROXY_TIMEOUT_MS);
    timer.unref();
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > HTTP_PROXY_MAX_BYTES) {
        state.failure = 'too_large';
        socket.destroy(new Error('response too large'));
      }
    });
    socket.once('close', () => clearTimeout(timer));
    return socket;
  }

  private decode(data: Buffer, encoding: string | undefined, target: ProxyTarget): Buffer {
    const options = { maxOutputLength: HTTP_PROXY_MAX_BYTES };
    try {
      if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(data, options);
      if (encoding === 'deflate') return inflateSync(data, options);
      if (encoding === 'br') return brotliDecompressSync(data, options);
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new AppError(ErrorCode.HttpProxyFailed, 'http_proxy_response_too_large', { host: target.url.host, max: MAX_MB });
      }
      return data; // not what it claims to be: show the bytes as they came
    }
    return data;
  }

  private toAppError(error: unknown, state: { failure?: Failure }, target: ProxyTarget): AppError {
    if (error instanceof AppError) return error;
    const host = target.url.host;
    if (state.failure === 'too_large') return new AppError(ErrorCode.HttpProxyFailed, 'http_proxy_response_too_large', { host, max: MAX_MB });
    if (state.failure === 'timeout') {
      return new AppError(ErrorCode.HttpProxyFailed, 'http_proxy_timeout', { host, seconds: HTTP_PROXY_TIMEOUT_MS / 1000 });
    }
    const failure = error as { code?: string; message?: string } | undefined;
    return new AppError(ErrorCode.HttpProxyFailed, 'http_proxy_unreachable', { host, reason: failure?.code ?? failure?.message ?? 'unknown error' });
  }
}

/** The response's headers as received, in order (`rawHeaders` keeps repeats and the target's spelling). */
function headerPairs(res: IncomingMessage): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
  return pairs;
}
