import { AppError } from '@quire/proto';

/** A parameter carrying JSON text (`page/sort` pages, `catalog/batUpdate` cats); 10101 naming it when malformed. */
export function parseJsonParam<T>(value: string, name: string): T {
  try {
    return JSON.parse(value) as T;
  } catch (error) {
    throw AppError.failed('page_json_invalid', { name, reason: (error as Error).message });
  }
}
