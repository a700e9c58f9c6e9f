import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError, ErrorCode, isReply, Reply, type Message, type MessageKey, type Subject } from '@quire/proto';
import type { TransportClient } from './transport-client';

/** Test subjects: not part of the Subject table, so cast once here. */
export const testSubject = (name: string): Subject => name as Subject;

export const TestSubject = {
  Echo: testSubject('test.echo.reply'),
  Session: testSubject('test.echo.session'),
  JsonText: testSubject('test.echo.jsonText'),
  Nothing: testSubject('test.echo.nothing'),
  Refuse: testSubject('test.echo.refuse'),
  Crash: testSubject('test.echo.crash'),
  Shapes: testSubject('test.echo.shapes'),
  Slow: testSubject('test.echo.slow'),
  Unknown: testSubject('test.echo.nobodyAnswersThis'),
};

export const SECRET_DETAIL = 'password=hunter2 at /srv/quire/secret.ts';
export const SLOW_HANDLER_MS = 1_500;

/** Handlers a real service would have: plain data, a Reply, nothing, a domain error, a crash, a slow answer. */
@Controller()
export class TransportTestController {
  @MessagePattern(TestSubject.Echo)
  echo(@Payload() message: Message): unknown {
    return { uid: message.caller.uid, clientId: message.caller.clientId, params: message.params };
  }

  @MessagePattern(TestSubject.Session)
  session(@Payload() message: Message): Reply<{ hello: unknown }> {
    return Reply.withSession({ hello: message.params.name }, 'token-123', 3600);
  }

  @MessagePattern(TestSubject.JsonText)
  jsonText(@Payload() message: Message): Reply<unknown> {
    return Reply.json(JSON.stringify({ quoted: `"${String(message.params.text)}"`, lone: '\ud800', nested: [{ html: '<b>&amp;</b>' }] }));
  }

  @MessagePattern(TestSubject.Nothing)
  nothing(): void {
    return undefined;
  }

  @MessagePattern(TestSubject.Refuse)
  refuse(@Payload() message: Message): never {
    throw new AppError(ErrorCode.Validation, 'param_required', { name: String(message.params.field) });
  }

  @MessagePattern(TestSubject.Crash)
  async crash(): Promise<never> {
    await Promise.resolve();
    throw new Error(SECRET_DETAIL);
  }

  @MessagePattern(TestSubject.Shapes)
  shapes(@Payload() message: Message): unknown {
    const { when, bytes } = message.params;
    return {
      received: { whenType: typeof when, when, bytesIsBuffer: Buffer.isBuffer(bytes), bytes },
      sent: { when: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), bytes: Buffer.from('hi'), fn: () => 1, map: new Map([['a', 1]]) },
    };
  }

  @MessagePattern(TestSubject.Slow)
  async slow(): Promise<string> {
    // unref: a test run need not wait for an answer nobody is waiting for any more.
    await new Promise((resolve) => setTimeout(resolve, SLOW_HANDLER_MS).unref());
    return 'late';
  }
}

@Module({ controllers: [TransportTestController] })
export class TransportTestModule {}

export interface TransportHarness {
  transport: TransportClient;
  close(): Promise<void>;
}

export interface TransportContractOptions {
  /** The client's timeout; the slow handler takes SLOW_HANDLER_MS, well beyond it. */
  timeoutMs: number;
  /** What a subject nobody answers gives on this transport. */
  unknownSubject: { code: number; key: MessageKey };
}

const caller = { uid: 7, username: 'alice', groupid: 1, clientId: 'client-1', ip: '127.0.0.1' };

async function failureOf(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw new Error(`Expected an AppError, got ${String(error)}`);
  }
  throw new Error('Expected the call to fail');
}

/**
 * The transport contract: every adapter (in-process, NATS) answers the same way. The
 * factory starts TransportTestModule on the transport and returns a client of it.
 */
export function describeTransportContract(
  name: string,
  factory: (timeoutMs: number) => Promise<TransportHarness>,
  options: TransportContractOptions,
): void {
  describe(`${name} (transport contract)`, () => {
    let harness: TransportHarness;
    let sut: TransportClient;

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

    it('carries a 2 MB message, as a large page save needs', async () => {
      // its own harness with a generous timeout: moving 2 MB on a loaded 2-core machine can take longer than the short one
      const roomy = await factory(10_000);
      try {
        const content = 'x'.repeat(2 * 1024 * 1024);
        const reply = await roomy.transport.send<{ params: { content: string } }>(TestSubject.Echo, { caller, params: { content } });
        expect(reply.params.content.length).toBe(content.length);
      } finally {
        await roomy.close();
      }
    });

    it('refuses a message over 8 MiB with 10413 before sending it', async () => {
      const error = await sut.send(TestSubject.Echo, { caller, params: { content: 'x'.repeat(8 * 1024 * 1024 + 1) } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: ErrorCode.PayloadTooLarge, key: 'payload_too_large' });
    });

    it('returns a Reply object intact, so the gateway can set the session cookie', async () => {
      const reply = await sut.send(TestSubject.Session, { caller, params: { name: 'bob' } });

      expect(isReply(reply)).toBe(true);
      expect(reply).toEqual({ $reply: true, data: { hello: 'bob' }, session: { set: 'token-123', maxAgeSeconds: 3600 } });
    });

    it('carries JSON text (a cached menu) character for character', async () => {
      const reply = await sut.send<Reply>(TestSubject.JsonText, { caller, params: { text: 'a\\b' } });

      expect(reply).toEqual({ $reply: true, json: '{"quoted":"\\"a\\\\b\\"","lone":"\\ud800","nested":[{"html":"<b>&amp;</b>"}]}' });
      expect(JSON.parse(reply.json as string)).toEqual({ quoted: '"a\\b"', lone: '\ud800', nested: [{ html: '<b>&amp;</b>' }] });
    });

    it('resolves undefined for a handler that returns nothing', async () => {
      await expect(sut.send(TestSubject.Nothing, { caller, params: {} })).resolves.toBeUndefined();
    });

    it('delivers a domain error as an AppError with its code, key and params', async () => {
      const error = await failureOf(sut.send(TestSubject.Refuse, { caller, params: { field: 'username' } }));

      expect(error).toMatchObject({ code: ErrorCode.Validation, key: 'param_required', params: { name: 'username' } });
    });

    it('turns a crash into 10101 internal_error without the error’s text or stack', async () => {
      const error = await failureOf(sut.send(TestSubject.Crash, { caller, params: {} }));

      expect(error).toMatchObject({ code: ErrorCode.Failed, key: 'internal_error' });
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

      expect(error).toMatchObject({ code: ErrorCode.Timeout, key: 'timeout' });
      expect(elapsed).toBeGreaterThanOrEqual(options.timeoutMs - 20);
      expect(elapsed).toBeLessThan(SLOW_HANDLER_MS);
    });

    it('answers a ping while the transport is up', async () => {
      await expect(sut.ping()).resolves.toBeUndefined();
    });
  });
}
