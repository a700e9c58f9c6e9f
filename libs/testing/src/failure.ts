import { AppError } from '@quire/proto';

/** Resolves to the error's code and message key (an AppError's, as a service throws it), or fails when the call succeeded. */
export async function failure(call: Promise<unknown>): Promise<{ code: number; key: string }> {
  try {
    await call;
  } catch (error) {
    const { code, key } = error as { code: number; key: string };
    return { code, key };
  }
  throw new Error('expected the call to fail');
}

/** The AppError a call failed with: its code, message key and the params its message is made from; fails when the call succeeded. */
export async function appFailure(call: Promise<unknown>): Promise<Pick<AppError, 'code' | 'key' | 'params'>> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, key: error.key, params: error.params };
    throw error;
  }
  throw new Error('expected the call to fail');
}
