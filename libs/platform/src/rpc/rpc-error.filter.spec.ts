import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { lastValueFrom } from 'rxjs';
import { z } from 'zod';
import { AppError, ErrorCode } from '@quire/proto';
import { InProcessContext } from '../transport/in-process/in-process-context';
import { RpcErrorFilter } from './rpc-error.filter';

const host = () => {
  const context = new ExecutionContextHost([{}, new InProcessContext(['page.page.save'])]);
  context.setType('rpc');
  return context;
};

async function wireOf(exception: unknown): Promise<unknown> {
  const sut = new RpcErrorFilter();
  return lastValueFrom(sut.catch(exception, host())).then(
    () => {
      throw new Error('the filter must answer with an error');
    },
    (payload: unknown) => payload,
  );
}

describe(RpcErrorFilter.name, () => {
  it('sends a domain error as its code, key and params', async () => {
    await expect(wireOf(new AppError(ErrorCode.NoPermission, 'no_permission'))).resolves.toEqual({
      error_code: ErrorCode.NoPermission,
      message_key: 'no_permission',
      params: {},
    });
  });

  it('sends an unvalidated zod failure as a bare internal error, without its details', async () => {
    const failure = z.object({ page_id: z.number() }).safeParse({ page_id: 'x' });
    const payload = await wireOf(failure.error);

    expect(payload).toEqual({ error_code: ErrorCode.Failed, message_key: 'internal_error' });
  });

  it('sends a thrown non-error value as a bare internal error', async () => {
    await expect(wireOf('boom')).resolves.toEqual({ error_code: ErrorCode.Failed, message_key: 'internal_error' });
  });
});
