import type { FieldRow } from './api-model';
import { fromPointer } from './api-source';
import type { ApiWords } from './api-words';

type Schema = Record<string, unknown>;

/** A table stops growing here (a huge schema is cut, not the import). */
const MAX_ROWS = 500;
/** An example made from a schema expands at most this many of its nodes. */
const MAX_EXAMPLE_NODES = 2000;
/** Nesting deeper than this is not expanded (the type still shows). */
const MAX_DEPTH = 12;
const COMBINATORS = ['allOf', 'oneOf', 'anyOf'] as const;

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `#/components/schemas/Pet` → `Pet`. */
export function refName(ref: string): string {
  const segments = fromPointer(ref.includes('#') ? ref.slice(ref.indexOf('#')) : ref);
  return segments.length > 0 ? segments[segments.length - 1] : ref;
}

/**
 * Reads schemas of one document (Swagger 2.0, OpenAPI 3.0 / 3.1, or a schema inferred from an example): follows the
 * document's own `$ref`s (a reference to another file or URL is named, never fetched), flattens nested fields to dot
 * paths (`items[].price`), shows a schema met again inside itself once with a "see above" marker, and shows
 * `allOf` / `oneOf` / `anyOf` as such.
 */
export class SchemaReader {
  constructor(
    private readonly root: unknown,
    private readonly words: ApiWords,
  ) {}

  /** The value a node stands for, following `$ref`s inside the document; `ref`: the last reference followed. */
  resolve(node: unknown): { value: Schema | undefined; ref?: string } {
    let current = node;
    let ref: string | undefined;
    for (let hops = 0; hops < 32 && isObject(current) && typeof current.$ref === 'string'; hops += 1) {
      ref = current.$ref;
      if (!ref.startsWith('#')) return { value: undefined, ref };
      current = this.lookup(ref);
    }
    return { value: isObject(current) ? current : undefined, ref };
  }

  private lookup(ref: string): unknown {
    let value: unknown = this.root;
    for (const segment of fromPointer(ref)) {
      if (Array.isArray(value)) value = value[Number(segment)];
      else if (isObject(value)) value = Object.prototype.hasOwnProperty.call(value, segment) ? value[segment] : undefined;
      else return undefined;
    }
    return value;
  }

  /** The fields of a body schema: its properties (or items') flattened; a root that is not an object is one row. */
  fields(schema: unknown): FieldRow[] {
    const rows: FieldRow[] = [];
    const { value } = this.resolve(schema);
    const structured = value && (this.isObjectLike(value) || this.isArray(value) || COMBINATORS.some((key) => Array.isArray(value[key])));
    this.walk(schema, structured ? '' : this.words.body, false, rows, [], 0, !structured);
    return rows;
  }

  /** A row's type: `string`, `integer (int64)`, `object (Pet)`, `Pet[]`, `string | null`, `oneOf` … */
  typeLabel(schema: Schema, ref?: string): string {
    if (this.isArray(schema)) {
      const items = this.resolve(schema.items);
      const inner = items.ref ? refName(items.ref) : items.value ? this.typeLabel(items.value) : 'any';
      return `${/[\s|]/.test(inner) ? `(${inner})` : inner}[]`;
    }
    const types = (Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]).map(String);
    if (schema.nullable === true && !types.includes('null')) types.push('null');
    let label = types.filter((type) => type !== 'null').join(' | ');
    if (!label && types.includes('null')) return 'null';
    if (!label) {
      const combinator = COMBINATORS.find((key) => Array.isArray(schema[key]));
      label = combinator ?? (this.isObjectLike(schema) ? 'object' : 'const' in schema ? typeof schema.const : 'any');
    }
    if (label === 'object' && ref) label = `object (${refName(ref)})`;
    if (typeof schema.format === 'string' && schema.format) label = `${label} (${schema.format})`;
    if (types.includes('null')) label = `${label} | null`;
    return label;
  }

  /** An example of a schema: its own example, default or first enum value, else one made from its types. */
  example(node: unknown): unknown {
    this.budget = MAX_EXAMPLE_NODES;
    return this.sample(node, [], 0);
  }

  /** How many more schema nodes the example being made may expand (a wide, deep schema gives a cut example, not a huge one). */
  private budget = MAX_EXAMPLE_NODES;

  private sample(node: unknown, stack: string[], depth: number): unknown {
    if (--this.budget < 0) return null;
    const { value, ref } = this.resolve(node);
    if (!value) return null;
    if (ref && stack.includes(ref)) return this.isArray(value) ? [] : {};
    const inner = ref ? [...stack, ref] : stack;
    if (value.example !== undefined) return value.example;
    if (Array.isArray(value.examples) && value.examples.length > 0) return value.examples[0];
    if (value.default !== undefined) return value.default;
    if (value.const !== undefined) return value.const;
    if (Array.isArray(value.enum) && value.enum.length > 0) return value.enum[0];
    if (depth > MAX_DEPTH) return null;
    if (Array.isArray(value.allOf)) {
      const merged: Record<string, unknown> = {};
      for (const part of value.allOf) {
        const sample = this.sample(part, inner, depth + 1);
        if (isObject(sample)) Object.assign(merged, sample);
      }
      if (!this.isObjectLike(value)) return merged;
      return { ...merged, ...(this.objectExample(value, inner, depth) as object) };
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      const options = value[key];
      if (Array.isArray(options) && options.length > 0) return this.sample(options[0], inner, depth + 1);
    }
    if (this.isArray(value)) return value.items === undefined ? [] : [this.sample(value.items, inner, depth + 1)];
    if (this.isObjectLike(value)) return this.objectExample(value, inner, depth);
    const type = Array.isArray(value.type) ? scalarText(value.type.find((candidate) => candidate !== 'null') ?? 'null') : scalarText(value.type ?? '');
    if (type === 'integer' || type === 'number') return 0;
    if (type === 'boolean') return true;
    if (type === 'null') return null;
    if (type === 'string') return stringExample(typeof value.format === 'string' ? value.format : '');
    return null;
  }

  private objectExample(value: Schema, stack: string[], depth: number): unknown {
    const sample: Record<string, unknown> = {};
    if (isObject(value.properties)) for (const [key, property] of Object.entries(value.properties)) sample[key] = this.sample(property, stack, depth + 1);
    else if (isObject(value.additionalProperties)) sample.key = this.sample(value.additionalProperties, stack, depth + 1);
    return sample;
  }

  private isArray(schema: Schema): boolean {
    return schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array')) || (schema.type === undefined && schema.items !== undefined);
  }

  private isObjectLike(schema: Schema): boolean {
    return schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')) || isObject(schema.properties) || isObject(schema.additionalProperties);
  }

  private walk(node: unknown, name: string, required: boolean, rows: FieldRow[], stack: string[], depth: number, ownRow: boolean): void {
    if (rows.length >= MAX_ROWS) return;
    const { value, ref } = this.resolve(node);
    if (!value) {
      if (ownRow) rows.push({ name, type: ref ? refName(ref) : 'any', required, description: ref && !ref.startsWith('#') ? ref : '' });
      return;
    }
    if (ref && stack.includes(ref)) {
      rows.push({ name: name || this.words.body, type: this.typeLabel(value, ref), required, description: joinText([this.describe(value), this.words.seeAbove(refName(ref))]) });
      return;
    }
    const inner = ref ? [...stack, ref] : stack;
    const combinator = COMBINATORS.find((key) => Array.isArray(value[key]));
    const options = combinator ? (value[combinator] as unknown[]) : [];
    const optionNames = options.map((option, index) => {
      const resolved = this.resolve(option);
      return resolved.ref ? refName(resolved.ref) : resolved.value?.title ? scalarText(resolved.value.title) : `#${index + 1}`;
    });
    if (ownRow)
      rows.push({ name, type: this.typeLabel(value, ref), required, description: joinText([this.describe(value), combinator ? this.words.combinator(combinator, optionNames) : '']) });
    else if (combinator)
      rows.push({ name: name || this.words.body, type: combinator, required, description: joinText([this.describe(value), this.words.combinator(combinator, optionNames)]) });
    if (depth >= MAX_DEPTH) return;
    if (combinator === 'allOf') for (const part of options) this.walk(part, name, false, rows, inner, depth + 1, false);
    else if (combinator) {
      options.forEach((option, index) => {
        const resolved = this.resolve(option);
        if (!resolved.value || (resolved.ref && inner.includes(resolved.ref))) return this.walk(option, name, false, rows, inner, depth + 1, true);
        rows.push({
          name: name || this.words.body,
          type: this.typeLabel(resolved.value, resolved.ref),
          required: false,
          description: this.words.option(combinator, index + 1, optionNames[index]),
        });
        this.walk(option, name, false, rows, inner, depth + 1, false);
      });
    }
    if (this.isArray(value)) {
      if (value.items !== undefined) {
        const items = this.resolve(value.items);
        const nested = items.value && (this.isObjectLike(items.value) || this.isArray(items.value) || COMBINATORS.some((key) => Array.isArray(items.value?.[key])));
        if (nested || (items.ref && inner.includes(items.ref))) this.walk(value.items, `${name}[]`, false, rows, inner, depth + 1, false);
      }
      return;
    }
    const requiredNames = Array.isArray(value.required) ? value.required.map(String) : [];
    if (isObject(value.properties)) {
      for (const [key, property] of Object.entries(value.properties)) {
        this.walk(property, name ? `${name}.${key}` : key, requiredNames.includes(key), rows, inner, depth + 1, true);
      }
    }
    if (isObject(value.additionalProperties)) this.walk(value.additionalProperties, name ? `${name}.*` : '*', false, rows, inner, depth + 1, true);
  }

  /** A field's description with its enum, default, deprecation and limits, on one line. */
  describe(schema: Schema): string {
    const parts: string[] = [];
    if (typeof schema.description === 'string') parts.push(schema.description);
    else if (typeof schema.title === 'string') parts.push(schema.title);
    if (Array.isArray(schema.enum)) parts.push(this.words.enumValues(schema.enum.map((value) => JSON.stringify(value)).join(', ')));
    if (schema.default !== undefined) parts.push(this.words.defaultValue(JSON.stringify(schema.default)));
    if (schema.deprecated === true) parts.push(this.words.deprecated);
    return joinText(parts);
  }
}

/** A schema that describes a JSON example (Postman bodies), so its fields can be shown as a table. */
export function inferSchema(value: unknown, depth = 0): Schema {
  if (depth > MAX_DEPTH) return {};
  if (Array.isArray(value)) return { type: 'array', items: value.length > 0 ? inferSchema(value[0], depth + 1) : {} };
  if (isObject(value)) return { type: 'object', properties: Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inferSchema(item, depth + 1)])) };
  if (value === null) return { type: 'null' };
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  return { type: typeof value };
}

function stringExample(format: string): string {
  switch (format) {
    case 'date-time':
      return '2024-01-01T00:00:00Z';
    case 'date':
      return '2024-01-01';
    case 'email':
      return 'user@example.com';
    case 'uuid':
      return '3fa85f64-5717-4562-b3fc-2c963f66afa6';
    case 'uri':
    case 'url':
      return 'https://example.com';
    case 'binary':
      return '(binary)';
    default:
      return 'string';
  }
}

/** A value as text: a string as it is, a number or boolean written out, anything else as JSON. */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return value === undefined ? '' : JSON.stringify(value);
}

/** Texts on one line, joined by a space (a table cell holds no line break). */
export function joinText(parts: readonly string[]): string {
  return parts
    .map((part) => part.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter(Boolean)
    .join(' ');
}
