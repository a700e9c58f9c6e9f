import * as os from 'node:os';
import { Controller, Inject, type DynamicModule, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { describeWith, freePort, startNatsServer, startServerProcess, type ServerProcess } from '@quire/testing';
import { createNatsMicroservice } from './connect-transport';
import { natsConnectionName, natsServerOptions } from './nats-options';
import { NatsTransportClient } from './nats-transport-client';
import { QuireNatsServer } from './quire-nats-server';
import { describeTransportContract, Handles, TestErrorCode, type TestMessage, type TestMessages, TestSubject, TransportTestModule, useTestErrors } from './transport.contract';

const TIMEOUT_MS = 500;
const caller = { uid: 1, clientId: 'c' };

/** A client whose first connection is made: sends before it fail fast by design. */
async function natsClient(url: string, timeoutMs = TIMEOUT_MS): Promise<NatsTransportClient<TestMessages>> {
  const client = new NatsTransportClient<TestMessages>(url, timeoutMs);
  await eventually(() => client.ping(), 5_000);
  return client;
}

async function startService(module: DynamicModule | typeof TransportTestModule, url: string, queue = 'test'): Promise<INestMicroservice> {
  const microservice = await createNatsMicroservice(module, { url, queue, logger: false, gracePeriodMs: 50 });
  await microservice.listen();
  return microservice;
}

/** Waits until `work` succeeds (or the deadline passes, then throws its last failure). */
async function eventually<T>(work: () => Promise<T>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const Whoami = TestSubject.Whoami;
const INSTANCE = 'INSTANCE';
const HANDLED = 'HANDLED';

@Controller()
class ShareController {
  constructor(
    @Inject(INSTANCE) private readonly instance: string,
    @Inject(HANDLED) private readonly handled: { instance: string; request: unknown }[],
  ) {}

  @Handles(Whoami)
  whoami(@Payload() message: TestMessage): string {
    this.handled.push({ instance: this.instance, request: message.params.n });
    return this.instance;
  }
}

const shareModule = (instance: string, handled: { instance: string; request: unknown }[]): DynamicModule => ({
  module: class ShareModule {},
  controllers: [ShareController],
  providers: [
    { provide: INSTANCE, useValue: instance },
    { provide: HANDLED, useValue: handled },
  ],
});

useTestErrors();

describeWith({ binary: 'nats-server' }, 'NATS transport', () => {
  let nats: ServerProcess;

  beforeAll(async () => {
    nats = await startNatsServer();
  });

  afterAll(async () => {
    await nats?.dispose();
  });

  // Over NATS a subject nobody subscribes to is indistinguishable from a service that is down:
  // the broker answers "no responders" (503) at once, which Nest's ClientNats turns into an
  // EmptyResponseException, so the gateway says 'unavailable' without waiting for the timeout.
  describeTransportContract(
    'NATS',
    async (timeoutMs) => {
      const service = await startService(TransportTestModule, nats.url);
      const transport = await natsClient(nats.url, timeoutMs);
      // A first call on a loaded machine can outlast the short timeout (both ends warming up); the contract is about the calls after it.
      await eventually(() => transport.send(TestSubject.Echo, { caller, params: {} }), 10_000);
      return {
        transport,
        async close() {
          await transport.close();
          await service.close();
        },
      };
    },
    { timeoutMs: TIMEOUT_MS, unknownSubject: { code: TestErrorCode.Unavailable, key: 'unavailable' } },
  );

  it('shares requests between the replicas of one queue group, each request handled once', async () => {
    const handled: { instance: string; request: unknown }[] = [];
    const first = await startService(shareModule('first', handled), nats.url, 'share');
    const second = await startService(shareModule('second', handled), nats.url, 'share');
    const sut = await natsClient(nats.url, 2_000);
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => sut.send(Whoami, { caller, params: { n } })));
      await new Promise((resolve) => setTimeout(resolve, 100));

      expect(answers.filter((a) => a === 'first').length).toBeGreaterThan(0);
      expect(answers.filter((a) => a === 'second').length).toBeGreaterThan(0);
      expect(handled).toHaveLength(40);
      expect(new Set(handled.map((h) => h.request)).size).toBe(40);
    } finally {
      await sut.close();
      await first.close();
      await second.close();
    }
  });

  it('fails fast while NATS is down and recovers by itself, with the same client, when it is back', async () => {
    const service = await startService(TransportTestModule, nats.url);
    const sut = await natsClient(nats.url);
    try {
      await expect(sut.send(TestSubject.Echo, { caller, params: { a: 1 } })).resolves.toMatchObject({ params: { a: 1 } });

      await nats.stop();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const error = await sut.send(TestSubject.Echo, { caller, params: {} }).catch((e: unknown) => e);

      // The client has seen the disconnect, so it does not even wait for the timeout.
      expect(error).toMatchObject({ code: TestErrorCode.Unavailable, key: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
      await expect(sut.ping()).rejects.toThrow();

      await nats.start();

      await expect(eventually(() => sut.send(TestSubject.Echo, { caller, params: { b: 2 } }), 10_000)).resolves.toMatchObject({ params: { b: 2 } });
      await expect(sut.ping()).resolves.toBeUndefined();
    } finally {
      await sut.close();
      await service.close();
    }
  });

  it('fails the calls in flight at once with 10503 when the connection drops, not after the timeout', async () => {
    const service = await startService(TransportTestModule, nats.url);
    const sut = await natsClient(nats.url, 20_000);
    try {
      const inFlight = Array.from({ length: 3 }, () => sut.send(TestSubject.Slow, { caller, params: {} }).catch((e: unknown) => e));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await nats.stop();
      const dropped = Date.now();
      for (const error of await Promise.all(inFlight)) expect(error).toMatchObject({ code: TestErrorCode.Unavailable, key: 'unavailable' });
      expect(Date.now() - dropped).toBeLessThan(1_000);
    } finally {
      await nats.start();
      await sut.close();
      await service.close();
    }
  });

  it('a replica that leaves its queue group gets no request until it joins again', async () => {
    const handled: { instance: string; request: unknown }[] = [];
    const member = async (instance: string) => {
      const server = new QuireNatsServer({ ...natsServerOptions(nats.url, 'leave'), gracePeriod: 50 });
      const app = await NestFactory.createMicroservice(shareModule(instance, handled), { strategy: server, logger: false });
      await app.listen();
      return { app, server };
    };
    const [first, second] = [await member('first'), await member('second')];
    const sut = await natsClient(nats.url, 2_000);
    const ask = (n: number) => Promise.all(Array.from({ length: 20 }, (_, i) => sut.send(Whoami, { caller, params: { n: n + i } })));
    try {
      await second.server.leave();
      expect(second.server.joined).toBe(false);
      expect(new Set(await ask(0))).toEqual(new Set(['first']));

      second.server.join();
      // The broker has the new subscriptions once a round trip on their connection is done.
      await second.server.unwrap<{ flush(): Promise<void> }>().flush();
      await first.server.leave();
      expect(new Set(await ask(100))).toEqual(new Set(['second']));

      await second.server.leave();
      const nobody = await sut.send(Whoami, { caller, params: { n: 200 } }).catch((e: unknown) => e);
      expect(nobody).toMatchObject({ code: TestErrorCode.Unavailable });
    } finally {
      await sut.close();
      await Promise.all([first.app.close(), second.app.close()]);
    }
  });

  it('names every connection after its app, its role and the host (the pod), as the broker shows them', async () => {
    const monitor = await freePort();
    const named = await startServerProcess({
      binary: 'nats-server',
      args: (port) => ['-a', '127.0.0.1', '-p', String(port), '-m', String(monitor)],
      url: (port) => `nats://127.0.0.1:${port}`,
    });
    const server = new QuireNatsServer({ ...natsServerOptions(named.url, 'test', natsConnectionName('page', 'serve')), gracePeriod: 50 });
    const service = await NestFactory.createMicroservice(TransportTestModule, { strategy: server, logger: false });
    await service.listen();
    const sut = new NatsTransportClient<TestMessages>(named.url, TIMEOUT_MS, natsConnectionName('page', 'call'));
    try {
      await eventually(() => sut.ping(), 5_000);
      const connz = (await (await fetch(`http://127.0.0.1:${monitor}/connz`)).json()) as { connections: { name?: string }[] };
      expect(connz.connections.map((c) => c.name).sort()).toEqual([`page/call@${os.hostname()}`, `page/serve@${os.hostname()}`]);
    } finally {
      await sut.close();
      await service.close();
      await named.dispose();
    }
  });

  it('answers a call made the moment the client is created, as an app does at boot', async () => {
    const service = await startService(TransportTestModule, nats.url);
    const sut = new NatsTransportClient<TestMessages>(nats.url, TIMEOUT_MS);
    try {
      await expect(sut.send(TestSubject.Echo, { caller, params: { boot: 1 } })).resolves.toMatchObject({ params: { boot: 1 } });
    } finally {
      await sut.close();
      await service.close();
    }
  });

  it('answers unavailable at once when NATS was down before the first request, then works once it is up', async () => {
    await nats.stop();
    const sut = new NatsTransportClient<TestMessages>(nats.url, TIMEOUT_MS);
    try {
      const started = Date.now();
      await expect(sut.send(TestSubject.Echo, { caller, params: {} })).rejects.toMatchObject({
        code: TestErrorCode.Unavailable,
        key: 'unavailable',
      });
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);

      await nats.start();
      const service = await startService(TransportTestModule, nats.url);
      try {
        await expect(eventually(() => sut.send(TestSubject.Echo, { caller, params: { c: 3 } }), 10_000)).resolves.toMatchObject({ params: { c: 3 } });
      } finally {
        await service.close();
      }
    } finally {
      await sut.close();
    }
  });
});
