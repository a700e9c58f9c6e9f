import type { ApiFieldChange, ApiMedia, ApiOperation, ApiOperationSpec, ApiParameterSpec, JsonSchema } from '@quire/proto';

/**
 * What changed in one operation between two versions of its document, field by field (issue 19's change summary):
 * parameters added, removed, retyped or made (not) required; the request body and responses added, removed or changed;
 * deprecation, security, summary and description. Works on the stored, normalized operations (`spec`); an operation
 * stored before specs existed compares as having none (the caller then sees only that its page changed).
 */
export function diffOperations(before: ApiOperation, after: ApiOperation): ApiFieldChange[] {
  const a = before.spec;
  const b = after.spec;
  if (!a || !b) return [];
  const changes: ApiFieldChange[] = [];
  if (Boolean(a.deprecated) !== Boolean(b.deprecated)) changes.push({ kind: 'deprecated', from: String(Boolean(a.deprecated)), to: String(Boolean(b.deprecated)) });
  if ((a.summary ?? '') !== (b.summary ?? '')) changes.push({ kind: 'summary', from: a.summary ?? '', to: b.summary ?? '' });
  if ((a.description ?? '') !== (b.description ?? '')) changes.push({ kind: 'description' });
  changes.push(...parameterChanges(a.parameters, b.parameters));
  changes.push(...requestBodyChanges(a, b));
  changes.push(...responseChanges(a, b));
  if (stable(a.security ?? null) !== stable(b.security ?? null)) changes.push({ kind: 'security', from: securityText(a), to: securityText(b) });
  return changes;
}

/** Whether two stored operations differ in anything but where they were read from (`source`). */
export function sameOperation(before: ApiOperation, after: ApiOperation): boolean {
  const strip = (operation: ApiOperation) => ({ ...operation, source: { format: operation.source.format, version: operation.source.version } });
  return stable(strip(before)) === stable(strip(after));
}

function parameterChanges(before: ApiParameterSpec[], after: ApiParameterSpec[]): ApiFieldChange[] {
  const key = (parameter: ApiParameterSpec) => `${parameter.in} ${parameter.name}`;
  const old = new Map(before.map((parameter) => [key(parameter), parameter]));
  const now = new Map(after.map((parameter) => [key(parameter), parameter]));
  const changes: ApiFieldChange[] = [];
  for (const [name, parameter] of now) {
    const was = old.get(name);
    if (!was) {
      changes.push({ kind: 'parameter_added', name, to: parameterType(parameter) });
      continue;
    }
    const from = parameterType(was);
    const to = parameterType(parameter);
    if (from !== to) changes.push({ kind: 'parameter_type', name, from, to });
    if (was.required !== parameter.required) changes.push({ kind: 'parameter_required', name, from: String(was.required), to: String(parameter.required) });
  }
  for (const [name, parameter] of old) if (!now.has(name)) changes.push({ kind: 'parameter_removed', name, from: parameterType(parameter) });
  return changes;
}

function requestBodyChanges(a: ApiOperationSpec, b: ApiOperationSpec): ApiFieldChange[] {
  if (!a.requestBody && !b.requestBody) return [];
  if (!a.requestBody) return [{ kind: 'request_body_added', to: Object.keys(b.requestBody!.content).join(', ') }];
  if (!b.requestBody) return [{ kind: 'request_body_removed', from: Object.keys(a.requestBody.content).join(', ') }];
  const changes: ApiFieldChange[] = [];
  if (a.requestBody.required !== b.requestBody.required) changes.push({ kind: 'request_body_required', from: String(a.requestBody.required), to: String(b.requestBody.required) });
  changes.push(...contentChanges('request_body_changed', a.requestBody.content, b.requestBody.content));
  return changes;
}

/** One change per media type added, removed or whose schema or examples changed. */
function contentChanges(kind: 'request_body_changed' | 'response_changed', before: Record<string, ApiMedia>, after: Record<string, ApiMedia>, prefix = ''): ApiFieldChange[] {
  const changes: ApiFieldChange[] = [];
  for (const type of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[type];
    const now = after[type];
    const name = `${prefix}${type}`;
    if (!was) changes.push({ kind, name, to: schemaType(now.schema) });
    else if (!now) changes.push({ kind, name, from: schemaType(was.schema) });
    else if (stable(was) !== stable(now)) {
      const from = schemaType(was.schema);
      const to = schemaType(now.schema);
      changes.push(from === to ? { kind, name } : { kind, name, from, to });
    }
  }
  return changes;
}

function responseChanges(a: ApiOperationSpec, b: ApiOperationSpec): ApiFieldChange[] {
  const changes: ApiFieldChange[] = [];
  for (const status of Object.keys(b.responses)) if (!(status in a.responses)) changes.push({ kind: 'response_added', name: status });
  for (const status of Object.keys(a.responses)) {
    const was = a.responses[status];
    const now = b.responses[status];
    if (!now) {
      changes.push({ kind: 'response_removed', name: status });
      continue;
    }
    if (stable(was) === stable(now)) continue;
    const media = contentChanges('response_changed', was.content ?? {}, now.content ?? {}, `${status} `);
    changes.push(...(media.length > 0 ? media : [{ kind: 'response_changed' as const, name: status }]));
  }
  return changes;
}

/** A parameter's type as a reader says it: `integer`, `string(date-time)`, `Pet[]`, `string|null`. */
function parameterType(parameter: ApiParameterSpec): string {
  if (parameter.schema !== undefined) return schemaType(parameter.schema);
  const [type, media] = Object.entries(parameter.content ?? {})[0] ?? [];
  return type ? `${type} ${schemaType(media?.schema)}` : '';
}

export function schemaType(schema: JsonSchema | undefined): string {
  if (schema === undefined || schema === true) return 'any';
  if (schema === false) return 'never';
  const ref = schema.$ref;
  if (typeof ref === 'string') return ref.slice(ref.lastIndexOf('/') + 1);
  for (const combiner of ['oneOf', 'anyOf', 'allOf'] as const) {
    const parts = schema[combiner];
    if (Array.isArray(parts)) return `${combiner}(${parts.map((part) => schemaType(part as JsonSchema)).join(', ')})`;
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  const named = types.map((type) => {
    if (type === 'array') return `${schemaType(schema.items as JsonSchema | undefined)}[]`;
    return typeof schema.format === 'string' && type !== 'null' ? `${type}(${schema.format})` : type;
  });
  if (named.length > 0) return named.join('|');
  if (schema.properties) return 'object';
  return 'any';
}

function securityText(spec: ApiOperationSpec): string {
  if (spec.security === undefined) return '';
  if (spec.security.length === 0) return 'none';
  return spec.security.map((alternative) => Object.keys(alternative).join(' + ') || 'none').join(' | ');
}

/** JSON with object keys sorted, so two equal values give one text whatever their key order. */
export function stable(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : inner,
  );
}
