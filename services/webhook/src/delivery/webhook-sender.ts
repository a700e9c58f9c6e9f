import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { AddressPolicy, bareHostname, checkHost, pinnedRequest, QUIRE_CONFIG } from '@quire/platform';
import { translate, type WebhookBody } from '@quire/proto';

/** What one POST gave: the receiver's status (0 when none came back) and, unless it was 2xx, why it failed. */
export interface SendOutcome {
  status: number;
  ok: boolean;
  error: string;
  duration_ms: number;
}

/** Why a URL is not reached: an unknown host, or an internal address the guard refuses. */
export interface Refusal {
  key: 'http_proxy_unknown_host' | 'http_proxy_forbidden_address';
  params: Record<string, string>;
}

/** How much of a receiver's answer is read (then dropped, the status alone deciding): none of it is kept. */
const RESPONSE_BYTES_READ = 64 * 1024;

/** The signature header's value: `sha256=` and the hex HMAC-SHA256 of the exact bytes sent, keyed with the hook's secret. */
export const signBody = (secret: string, raw: string): string => `sha256=${createHmac('sha256', secret).update(raw, 'utf8').digest('hex')}`;

/**
 * POSTs a webhook body through the HTTP test tool's address guard: the host is resolved once and refused when any of
 * its addresses is internal (loopback, private, link-local …) unless `HTTP_PROXY_ALLOW_HOSTS` allows it; the
 * connection goes to the checked address only (no DNS rebinding). Redirects are not followed (a 3xx is a failure, as
 * its target was never checked), no cookie or credential is sent, and the receiver has `WEBHOOK_TIMEOUT_MS` to answer.
 */
@Injectable()
export class WebhookSender {
  private readonly policy: AddressPolicy;

  constructor(@Inject(QUIRE_CONFIG) private readonly config: QuireConfig) {
    this.policy = new AddressPolicy(config.httpProxy.allowHosts);
  }

  /** Why the URL's host may not be reached (create, update and every send), or null when it may. */
  async refusal(rawUrl: string): Promise<Refusal | null> {
    const checked = await this.check(new URL(rawUrl));
    return 'address' in checked ? null : checked.refusal;
  }

  async send(rawUrl: string, secret: string, body: WebhookBody): Promise<SendOutcome> {
    const started = Date.now();
    const outcome = (status: number, error: string): SendOutcome => ({ status, ok: error === '', error, duration_ms: Date.now() - started });
    const url = new URL(rawUrl);
    const checked = await this.check(url);
    if (!('address' in checked)) return outcome(0, translate(checked.refusal.key, this.config.language, checked.refusal.params));
    const raw = JSON.stringify(body);
    const timeoutMs = this.config.webhooks.timeoutMs;
    const result = await pinnedRequest(url, checked.address, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(raw),
        'user-agent': 'Quire-Webhook',
        'x-quire-event': body.event,
        'x-quire-delivery': body.delivery_id,
        'x-quire-signature': signBody(secret, raw),
      },
      body: raw,
      timeoutMs,
      maxBytes: RESPONSE_BYTES_READ,
    });
    const language = this.config.language;
    if ('failure' in result && result.failure === 'timeout') return outcome(0, translate('http_proxy_timeout', language, { host: url.host, seconds: timeoutMs / 1000 }));
    if ('failure' in result && result.failure === 'unreachable') return outcome(0, translate('http_proxy_unreachable', language, { host: url.host, reason: result.code }));
    // The status decides; the answer is read (a little of it) only so the receiver can finish.
    return outcome(result.status, result.status >= 200 && result.status <= 299 ? '' : translate('webhook_status', language, { status: result.status }));
  }

  private async check(url: URL): Promise<{ address: string } | { refusal: Refusal }> {
    const host = bareHostname(url);
    const checked = await checkHost(host, this.policy);
    if ('unknown' in checked) return { refusal: { key: 'http_proxy_unknown_host', params: { host } } };
    if ('refused' in checked) return { refusal: { key: 'http_proxy_forbidden_address', params: { host: url.host, address: checked.refused } } };
    return checked;
  }
}
