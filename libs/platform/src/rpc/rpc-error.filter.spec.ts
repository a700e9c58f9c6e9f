import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { lastValueFrom } from 'rxjs';
import { z } from 'zod';
import { InProcessContext } from '../transport/in-process/in-process-context';
import { registerPlatformErrors, type RpcErrorPayload } from './rpc-error';
import { RpcErrorFilter } from './rpc-error.filter';

/** A domain error as an app writes one: it knows its payload. */
class RefusedError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
  ) {
    super(key);
  }

  toPayload(): RpcErrorPayload {
    return { error_code: this.code, message_key: this.key, params: {} };
  }
}

const INTERNAL = { error_code: 500, message_key: 'internal_error' };

const host = () => {
  const context = new ExecutionContextHost([{}, new InProcessContext(['test.thing.save'])]);
  context.setType('rpc');
  return context;
};

async function wireOf(exception: unknown, sut = new RpcErrorFilter()): Promise<unknown> {
  return lastValueFrom(sut.catch(exception, host())).then(
    () => {
      throw new Error('the filter must answer with an error');
    },
    (payload: unknown) => payload,
  );
}

describe(RpcErrorFilter.name, () => {
  describe("with the app's errors registered", () => {
    beforeAll(() => {
      registerPlatformErrors({ internal: INTERNAL, unavailable: () => new RefusedError(503, 'unavailable') });
    });

    it('sends a domain error as its code, key and params', async () => {
      await expect(wireOf(new RefusedError(403, 'no_permission'))).resolves.toEqual({ error_code: 403, message_key: 'no_permission', params: {} });
    });

    it('sends an unvalidated zod failure as the registered internal error, without its details', async () => {
      const failure = z.object({ thing_id: z.number() }).safeParse({ thing_id: 'x' });
      const payload = await wireOf(failure.error);

      expect(payload).toEqual(INTERNAL);
    });

    it('sends a thrown non-error value as the registered internal error', async () => {
      await expect(wireOf('boom')).resolves.toEqual(INTERNAL);
    });
  });

  it("sends Nest's generic internal error, without the details, while the app has registered none", async () => {
    let unregistered: RpcErrorFilter | undefined;
    // A fresh copy of the filter and its registry, which nobody has registered errors with.
    jest.isolateModules(() => {
      unregistered = new (jest.requireActual<typeof import('./rpc-error.filter')>('./rpc-error.filter').RpcErrorFilter)();
    });

    await expect(wireOf(new Error('hunter2 in secret.ts'), unregistered)).resolves.toEqual({ status: 'error', message: 'Internal server error' });
  });
});
