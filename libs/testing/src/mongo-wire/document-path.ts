import type { Document } from 'bson';
import { isDocument } from './bson-order';

/** Where a dotted path reaches no value. */
export const MISSING: unique symbol = Symbol('missing');

/**
 * Every value a dotted path reaches, as MongoDB's matcher walks it: a path component applies to
 * each document inside an array (`tags.name` over `[{name}, {name}]`), a numeric component also
 * indexes the array (`tags.0`), and each place the path ends in nothing yields MISSING. An array
 * at the end of the path is returned whole: the caller tests it and its elements.
 */
export function valuesAt(doc: Document, path: string): unknown[] {
  const out: unknown[] = [];
  walk(doc, path.split('.'), 0, out);
  return out;
}

function walk(value: unknown, parts: string[], at: number, out: unknown[]): void {
  if (at === parts.length) {
    out.push(value);
    return;
  }
  const part = parts[at];
  if (Array.isArray(value)) {
    const before = out.length;
    if (/^\d+$/.test(part) && Number(part) < value.length) walk(value[Number(part)], parts, at + 1, out);
    for (const element of value) {
      if (isDocument(element)) walk(element, parts, at, out);
    }
    if (out.length === before) out.push(MISSING);
    return;
  }
  if (isDocument(value) && Object.hasOwn(value, part)) {
    walk(value[part], parts, at + 1, out);
    return;
  }
  out.push(MISSING);
}

/**
 * The values a sort or an index key takes from a path: an array at the end of the path gives each
 * of its elements (an empty one gives `undefined`, which sorts before null), a missing path gives
 * null. `present` is false when the path reaches nothing at all (what a sparse index leaves out).
 */
export function keyValuesAt(doc: Document, path: string): { values: unknown[]; present: boolean } {
  const values: unknown[] = [];
  let present = false;
  for (const reached of valuesAt(doc, path)) {
    if (reached === MISSING) {
      values.push(null);
      continue;
    }
    present = true;
    if (!Array.isArray(reached)) values.push(reached);
    else if (reached.length === 0) values.push(undefined);
    else values.push(...reached);
  }
  return { values, present };
}
