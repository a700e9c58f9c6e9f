import { z } from 'zod';
import { AppError } from './app-error';
import { integer, parseParams, requiredText, text } from './validation';

const Schema = z.object({ name: requiredText({ trim: true }), note: text(), page: integer(1), size: integer(7).pipe(z.number().min(1).max(50)) });

function failure(params: Record<string, unknown>): AppError {
  try {
    parseParams(Schema, params);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a validation failure');
}

describe(parseParams.name, () => {
  it('coerces wire values: form strings, JSON numbers, absent optionals', () => {
    expect(parseParams(Schema, { name: ' ann ', page: '3', size: 10 })).toEqual({ name: 'ann', note: '', page: 3, size: 10 });
    expect(parseParams(Schema, { name: 42, page: '' })).toEqual({ name: '42', note: '', page: 1, size: 7 });
  });

  it.each([
    [{}, 'param_required', { name: 'name' }],
    [{ name: '   ' }, 'param_required', { name: 'name' }],
    [{ name: ['a', 'b'] }, 'param_not_text', { name: 'name' }],
    [{ name: { nested: 1 } }, 'param_not_text', { name: 'name' }],
    [{ name: 'x', note: ['a'] }, 'param_not_text', { name: 'note' }],
    [{ name: 'x', page: 'two' }, 'param_not_integer', { name: 'page' }],
    [{ name: 'x', page: '1.5' }, 'param_not_integer', { name: 'page' }],
    [{ name: 'x', page: '99999999999999999999' }, 'param_not_integer', { name: 'page' }],
    [{ name: 'x', size: '0' }, 'param_out_of_range', { name: 'size' }],
  ])('rejects %j with %s', (params, key, detail) => {
    const error = failure(params);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe(10101);
    expect(error.key).toBe(key);
    expect(error.params).toMatchObject(detail);
  });
});
