import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@quire/config';
import type { WebhookBody } from '@quire/proto';
import { hasValidSignature, startWebhookReceiver, type WebhookReceiver } from '@quire/testing';
import { WebhookSender } from '../src/delivery/webhook-sender';

/** The sender against real HTTP servers on loopback addresses, one of them allowed as HTTP_PROXY_ALLOW_HOSTS allows it. */
const ALLOWED = '127.0.0.35';

const body: WebhookBody = {
  event: 'page.update',
  delivery_id: '9a1c1c8e-2f7e-4c4e-9d59-6c0d3f7a0001',
  time: '2026-11-26T10:00:00.000Z',
  actor: { uid: 3, username: 'ada' },
  item_id: 7,
  target: { type: 'page', id: '12', name: 'Überblick "quoted"' },
  detail: {},
};

describe(WebhookSender.name, () => {
  const sut = new WebhookSender(loadConfig({ LANGUAGE: 'en', HTTP_PROXY_ALLOW_HOSTS: ALLOWED, WEBHOOK_TIMEOUT_MS: '300' }));
  const servers: Server[] = [];
  const receivers: WebhookReceiver[] = [];

  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** A server on the allowed address that answers each request with `handle`. */
  const serve = async (handle: Parameters<typeof createServer>[1]): Promise<string> => {
    const server = createServer(handle);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, ALLOWED, resolve));
    return `http://${ALLOWED}:${(server.address() as AddressInfo).port}/in`;
  };

  it('POSTs the exact JSON it signs, with the event and delivery headers', async () => {
    const receiver = await startWebhookReceiver(ALLOWED);
    receivers.push(receiver);

    const outcome = await sut.send(`${receiver.url}?channel=docs`, 'whsec_test', body);

    expect(outcome).toMatchObject({ status: 204, ok: true, error: '' });
    const [got] = receiver.received;
    expect(got.body).toEqual(body);
    expect(hasValidSignature(got, 'whsec_test')).toBe(true);
    expect(got.headers).toMatchObject({ 'x-quire-event': 'page.update', 'x-quire-delivery': body.delivery_id, 'user-agent': 'Quire-Webhook' });
    expect(got.headers).not.toHaveProperty('cookie');
  });

  it('does not follow a redirect: a 3xx is a failed attempt, its target never reached', async () => {
    let reached = 0;
    const target = await serve((_req, res) => {
      reached += 1;
      res.end('ok');
    });
    const redirecting = await serve((_req, res) => res.writeHead(307, { location: target }).end());

    expect(await sut.send(redirecting, 's', body)).toMatchObject({ status: 307, ok: false, error: 'The receiver answered HTTP 307' });
    expect(reached).toBe(0);
  });

  it('gives up on a receiver slower than WEBHOOK_TIMEOUT_MS', async () => {
    const slow = await serve((_req, res) => void setTimeout(() => res.end('late'), 2000).unref());

    const outcome = await sut.send(slow, 's', body);

    expect(outcome).toMatchObject({ status: 0, ok: false, error: expect.stringMatching(/did not answer within 0\.3 seconds$/) });
    expect(outcome.duration_ms).toBeLessThan(1500);
  });

  it('refuses an internal address, by IP or by a name that resolves to one, without connecting', async () => {
    let reached = 0;
    const other = createServer((_req, res) => {
      reached += 1;
      res.end();
    });
    servers.push(other);
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as AddressInfo).port;

    expect(await sut.send(`http://127.0.0.1:${port}/`, 's', body)).toMatchObject({ status: 0, ok: false, error: expect.stringContaining('loopback, private, link-local') });
    expect(await sut.send(`http://localhost:${port}/`, 's', body)).toMatchObject({ status: 0, ok: false, error: expect.stringContaining('(127.0.0.1)') });
    expect(await sut.refusal('http://[::ffff:10.0.0.1]/')).toEqual({ key: 'http_proxy_forbidden_address', params: { host: '[::ffff:a00:1]', address: '::ffff:a00:1' } });
    expect(reached).toBe(0);
  });
});
