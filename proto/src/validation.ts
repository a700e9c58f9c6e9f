import { z } from 'zod';
import { AppError } from './app-error';
import { ErrorCode } from './error-code';
import { isMessageKey } from './messages';
import type { WireParams } from './message';

/**
 * Wire parameter schemas. Form bodies carry strings, JSON bodies may carry numbers or
 * nested values, so each helper accepts what a ShowDoc client can send and nothing else.
 */
const scalarToString = (value: unknown) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);

/** Optional text; absent means ''. */
export const text = () => z.preprocess((v) => (v === undefined || v === null ? '' : scalarToString(v)), z.string({ error: 'param_not_text' }));

/** Required, non-empty text (after trimming when asked). */
export const requiredText = (options: { trim?: boolean } = {}) =>
  z.preprocess(
    (v) => {
      const s = scalarToString(v);
      return options.trim && typeof s === 'string' ? s.trim() : s;
    },
    z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'param_required' : 'param_not_text') }).min(1, { error: 'param_required' }),
  );

/** An integer; absent or '' gives the default. */
export const integer = (fallback = 0) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? fallback : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: 'param_not_integer' }).int({ error: 'param_not_integer' }).safe({ error: 'param_not_integer' }),
  );

/** Marks wire params with the type their schema must give them; a type only, never present at run time. */
export declare const validatesTo: unique symbol;

/**
 * Wire params not validated yet, marked with the params a handler's schema must give (Incoming):
 * `parseParams` accepts them only with a schema whose output those params satisfy.
 */
export type Unchecked<P> = WireParams & { readonly [validatesTo]?: P };

/**
 * Validates wire params against a schema; the first problem becomes an AppError whose
 * message names the parameter, in the server's language.
 */
export function parseParams<S extends z.ZodType>(schema: S, params: Unchecked<z.output<S>>, code: number = ErrorCode.Failed): z.output<S> {
  const result = schema.safeParse(params ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue.path[0] ?? 'body');
  if (isMessageKey(issue.message)) {
    const detail = issue as { minimum?: unknown; maximum?: unknown; values?: unknown[] };
    return fail(code, issue.message, {
      name,
      min: Number(detail.minimum ?? 0),
      max: Number(detail.maximum ?? 0),
      values: (detail.values ?? []).join(', '),
    });
  }
  switch (issue.code) {
    case 'too_small':
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'bigint') return fail(code, 'param_out_of_range', { name });
      return issue.code === 'too_small' ? fail(code, 'param_too_short', { name, min: Number(issue.minimum) }) : fail(code, 'param_too_long', { name, max: Number(issue.maximum) });
    default:
      return fail(code, 'param_invalid', { name, reason: issue.message });
  }
}

function fail(code: number, key: Parameters<typeof AppError.failed>[0] & string, params: Record<string, string | number>): never {
  throw new AppError(code, key, params);
}
