import { Controller, Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { registerPlatformErrors, type PlatformErrors, type RpcErrorPayload } from '../rpc/rpc-error';
import { messageHandler } from './message-handler';
import type { TransportClient } from './transport-client';

/** A domain error as an app writes one: a code, a key and params, sent on as its payload. */
export class TestError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    readonly params: Readonly<Record<string, unknown>> = {},
  ) {
    super(key);
  }

  toPayload(): RpcErrorPayload {
    return { error_code: this.code, message_key: this.key, params: this.params };
  }
}

/** The codes of the app the contract stands for (Quire's). */
export const TestErrorCode = { Timeout: 10005, Validation: 10100, Failed: 10101, BadRequest: 10400, InvalidRoute: 10404, PayloadTooLarge: 10413, Unavailable: 10503 };

const isPayload = (value: unknown): value is RpcErrorPayload =>
  typeof value === 'object' && value !== null && typeof (value as RpcErrorPayload).error_code === 'number' && typeof (value as RpcErrorPayload).message_key === 'string';

/** The app's words for the platform's errors, as an app registers them (PlatformErrors). */
export const testErrors: PlatformErrors = {
  internal: { error_code: TestErrorCode.Failed, message_key: 'internal_error' },
  unavailable: () => new TestError(TestErrorCode.Unavailable, 'unavailable'),
  transport: {
    timeout: () => new TestError(TestErrorCode.Timeout, 'timeout'),
    noHandler: () => new TestError(TestErrorCode.InvalidRoute, 'not_available_yet'),
    tooLarge: (maxMegabytes) => new TestError(TestErrorCode.PayloadTooLarge, 'payload_too_large', { max: maxMegabytes }),
    badRequest: (reason) => ({ error_code: TestErrorCode.BadRequest, message_key: 'bad_request', params: { reason } }),
    revive: (payload) => (isPayload(payload) ? new TestError(payload.error_code, payload.message_key, payload.params) : undefined),
  },
};

/** Registers testErrors for the spec file (the registry is per process, as in an app). */
export function useTestErrors(): void {
  beforeAll(() => registerPlatformErrors(testErrors));
}

/** What the test handlers receive: who calls, and the params. */
export interface TestMessage {
  caller: { uid: number; clientId: string };
  params: Record<string, unknown>;
}

/** A subject of the contract's own message map, answered with R. */
interface Test<R> {
  request: TestMessage;
  received: TestMessage;
  reply: R;
}

/** The contract's message map (the platform knows no app's subjects). */
export interface TestMessages {
  'test.echo.reply': Test<{ uid: number; clientId: string; params: TestMessage['params'] }>;
  'test.echo.structured': Test<{ data: { hello: unknown }; meta: { set: string; maxAgeSeconds: number } }>;
  'test.echo.jsonText': Test<{ json: string }>;
  'test.echo.nothing': Test<void>;
  'test.echo.refuse': Test<never>;
  'test.echo.crash': Test<never>;
  'test.echo.shapes': Test<unknown>;
  'test.echo.slow': Test<string>;
  /** No handler answers it. */
  'test.echo.nobodyAnswersThis': Test<never>;
  /** Answered by the replicas of nats-transport.spec's queue group: the name of the one that handled it. */
  'test.share.whoami': Test<string>;
}

export const TestSubject = {
  Echo: 'test.echo.reply',
  Structured: 'test.echo.structured',
  JsonText: 'test.echo.jsonText',
  Nothing: 'test.echo.nothing',
  Refuse: 'test.echo.refuse',
  Crash: 'test.echo.crash',
  Shapes: 'test.echo.shapes',
  Slow: 'test.echo.slow',
  Unknown: 'test.echo.nobodyAnswersThis',
  Whoami: 'test.share.whoami',
} as const;

/** `@MessagePattern` checked against the contract's map, as an app's is against its own. */
export const Handles = messageHandler<TestMessages>();

export const SECRET_DETAIL = 'password=hunter2 at /srv/quire/secret.ts';
export const SLOW_HANDLER_MS = 1_500;

/** Handlers a real service would have: plain data, a structured reply, JSON text, nothing, a domain error, a crash, a slow answer. */
@Controller()
export class TransportTestController {
  @Handles(TestSubject.Echo)
  echo(@Payload() message: TestMessage): TestMessages['test.echo.reply']['reply'] {
    return { uid: message.caller.uid, clientId: message.caller.clientId, params: message.params };
  }

  @Handles(TestSubject.Structured)
  structured(@Payload() message: TestMessage): TestMessages['test.echo.structured']['reply'] {
    return { data: { hello: message.params.name }, meta: { set: 'token-123', maxAgeSeconds: 3600 } };
  }

  @Handles(TestSubject.JsonText)
  jsonText(@Payload() message: TestMessage): { json: string } {
    return { json: JSON.stringify({ quoted: `"${String(message.params.text)}"`, lone: '\ud800', nested: [{ html: '<b>&amp;</b>' }] }) };
  }

  @Handles(TestSubject.Nothing)
  nothing(): void {
    return undefined;
  }

  @Handles(TestSubject.Refuse)
  refuse(@Payload() message: TestMessage): never {
    throw new TestError(TestErrorCode.Validation, 'param_required', { name: String(message.params.field) });
  }

  @Handles(TestSubject.Crash)
  async crash(): Promise<never> {
    await Promise.resolve();
    throw new Error(SECRET_DETAIL);
  }

  @Handles(TestSubject.Shapes)
  shapes(@Payload() message: TestMessage): unknown {
    const { when, bytes } = message.params;
    return {
      received: { whenType: typeof when, when, bytesIsBuffer: Buffer.isBuffer(bytes), bytes },
      sent: { when: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), bytes: Buffer.from('hi'), fn: () => 1, map: new Map([['a', 1]]) },
    };
  }

  @Handles(TestSubject.Slow)
  async slow(): Promise<string> {
    // unref: a test run need not wait for an answer nobody is waiting for any more.
    await new Promise((resolve) => setTimeout(resolve, SLOW_HANDLER_MS).unref());
    return 'late';
  }
}

@Module({ controllers: [TransportTestController] })
export class TransportTestModule {}

export interface TransportHarness {
  transport: TransportClient<TestMessages>;
  close(): Promise<void>;
}

export interface TransportContractOptions {
  /** The client's timeout; the slow handler takes SLOW_HANDLER_MS, well beyond it. */
  timeoutMs: number;
  /** What a subject nobody answers gives on this transport. */
  unknownSubject: { code: number; key: string };
}

const caller = { uid: 7, clientId: 'client-1' };

async function failureOf(work: Promise<unknown>): Promise<TestError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof TestError) return error;
    throw new Error(`Expected a TestError, got ${String(error)}`, { cause: error });
  }
  throw new Error('Expected the call to fail');
}

/**
 * The transport contract: every adapter (in-process, NATS) answers the same way. The
 * factory starts TransportTestModule on the transport and returns a client of it.
 */
export function describeTransportContract(name: string, factory: (timeoutMs: number) => Promise<TransportHarness>, options: TransportContractOptions): void {
  describe(`${name} (transport contract)`, () => {
    let harness: TransportHarness;
    let sut: TransportClient<TestMessages>;

    beforeAll(async () => {
      harness = await factory(options.timeoutMs);
      sut = harness.transport;
    });

    afterAll(async () => {
      await harness?.close();
    });

    it('delivers the caller and params and returns the handler’s data', async () => {
      const reply = await sut.send(TestSubject.Echo, { caller, params: { item_id: '12', tags: ['a', 'b'] } });

      expect(reply).toEqual({ uid: 7, clientId: 'client-1', params: { item_id: '12', tags: ['a', 'b'] } });
    });

    it('carries a 2 MB message, as a large document needs', async () => {
      // its own harness with a generous timeout: moving 2 MB on a loaded 2-core machine can take longer than the short one
      const roomy = await factory(10_000);
      try {
        const content = 'x'.repeat(2 * 1024 * 1024);
        const reply = await roomy.transport.send(TestSubject.Echo, { caller, params: { content } });
        expect(String(reply.params.content).length).toBe(content.length);
      } finally {
        await roomy.close();
      }
    });

    it('refuses a message over 8 MiB with 10413 before sending it', async () => {
      const error = await sut.send(TestSubject.Echo, { caller, params: { content: 'x'.repeat(8 * 1024 * 1024 + 1) } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TestError);
      expect(error).toMatchObject({ code: TestErrorCode.PayloadTooLarge, key: 'payload_too_large', params: { max: 8 } });
    });

    it('returns a structured reply intact, nested parts included, so the caller can act on each', async () => {
      const reply = await sut.send(TestSubject.Structured, { caller, params: { name: 'bob' } });

      expect(reply).toEqual({ data: { hello: 'bob' }, meta: { set: 'token-123', maxAgeSeconds: 3600 } });
    });

    it('carries JSON text (a cached reply) character for character', async () => {
      const reply = await sut.send(TestSubject.JsonText, { caller, params: { text: 'a\\b' } });

      expect(reply).toEqual({ json: '{"quoted":"\\"a\\\\b\\"","lone":"\\ud800","nested":[{"html":"<b>&amp;</b>"}]}' });
      expect(JSON.parse(reply.json)).toEqual({ quoted: '"a\\b"', lone: '\ud800', nested: [{ html: '<b>&amp;</b>' }] });
    });

    it('resolves undefined for a handler that returns nothing', async () => {
      await expect(sut.send(TestSubject.Nothing, { caller, params: {} })).resolves.toBeUndefined();
    });

    it('delivers a domain error as the app’s error with its code, key and params', async () => {
      const error = await failureOf(sut.send(TestSubject.Refuse, { caller, params: { field: 'username' } }));

      expect(error).toMatchObject({ code: TestErrorCode.Validation, key: 'param_required', params: { name: 'username' } });
    });

    it('turns a crash into 10101 internal_error without the error’s text or stack', async () => {
      const error = await failureOf(sut.send(TestSubject.Crash, { caller, params: {} }));

      expect(error).toMatchObject({ code: TestErrorCode.Failed, key: 'internal_error' });
      const wire = JSON.stringify({ message: error.message, params: error.params, payload: error.toPayload() });
      expect(wire).not.toContain('hunter2');
      expect(wire).not.toContain('secret.ts');
      expect(wire).not.toContain('Error');
    });

    it('carries only what JSON carries: Dates become strings, Buffers become {type,data}, functions vanish', async () => {
      const reply = await sut.send(TestSubject.Shapes, {
        caller,
        params: { when: new Date(Date.UTC(2020, 5, 1)), bytes: Buffer.from('ok') },
      });

      expect(reply).toEqual({
        received: {
          whenType: 'string',
          when: '2020-06-01T00:00:00.000Z',
          bytesIsBuffer: false,
          bytes: { type: 'Buffer', data: [111, 107] },
        },
        sent: { when: '2024-01-02T03:04:05.000Z', bytes: { type: 'Buffer', data: [104, 105] }, map: {} },
      });
    });

    it('answers a subject nobody handles at once, without waiting for the timeout', async () => {
      const started = Date.now();
      const error = await failureOf(sut.send(TestSubject.Unknown, { caller, params: {} }));

      expect(error).toMatchObject(options.unknownSubject);
      expect(Date.now() - started).toBeLessThan(options.timeoutMs / 2);
    });

    it('gives up on a slow handler after the timeout with 10005 timeout', async () => {
      const started = Date.now();
      const error = await failureOf(sut.send(TestSubject.Slow, { caller, params: {} }));
      const elapsed = Date.now() - started;

      expect(error).toMatchObject({ code: TestErrorCode.Timeout, key: 'timeout' });
      expect(elapsed).toBeGreaterThanOrEqual(options.timeoutMs - 20);
      expect(elapsed).toBeLessThan(SLOW_HANDLER_MS);
    });

    it('answers a ping while the transport is up', async () => {
      await expect(sut.ping()).resolves.toBeUndefined();
    });
  });
}
