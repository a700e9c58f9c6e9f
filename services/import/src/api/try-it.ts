import type { ApiParameterSpec, ApiTryIt } from '@quire/proto';
import type { ApiOperationDoc } from './api-model';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A parameter's example as text: its own, its first named one, else its schema's example, default or first enum value. */
export function parameterExample(parameter: ApiParameterSpec): string | undefined {
  const schema = isObject(parameter.schema) ? parameter.schema : {};
  const named: unknown = parameter.examples ? Object.values(parameter.examples).find((example) => example.value !== undefined)?.value : undefined;
  const candidates = [
    parameter.example,
    named,
    schema.example,
    Array.isArray(schema.examples) ? schema.examples[0] : undefined,
    schema.default,
    Array.isArray(schema.enum) ? schema.enum[0] : undefined,
  ];
  const found: unknown = candidates.find((candidate) => candidate !== undefined && candidate !== null);
  if (found === undefined) return undefined;
  if (typeof found === 'string') return found;
  if (Array.isArray(found)) return found.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(',');
  return JSON.stringify(found);
}

/**
 * The request "Try it" opens the HTTP test tool with: the operation's URL (a relative server against the document's
 * URL) with its path parameters filled from their examples, the query and header parameters that have an example or
 * are required, and the example body the page shows.
 */
export function tryItRequest(doc: ApiOperationDoc): ApiTryIt {
  const parameters = doc.operation.spec?.parameters ?? [];
  const postman = doc.operation.source.format === 'postman';
  let url = doc.url;
  for (const parameter of parameters.filter((candidate) => candidate.in === 'path')) {
    const value = parameterExample(parameter);
    if (value === undefined) continue;
    const encoded = encodeURIComponent(value);
    url = postman ? url.replace(new RegExp(`/:${escapeRegExp(parameter.name)}(?=/|\\?|#|$)`, 'g'), `/${encoded}`) : url.split(`{${parameter.name}}`).join(encoded);
  }
  if (!postman) {
    const query = parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => [parameter.name, parameterExample(parameter), parameter.required] as const)
      .filter(([, value, required]) => value !== undefined || required)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value ?? '')}`);
    if (query.length > 0) url = `${url}${url.includes('?') ? '&' : '?'}${query.join('&')}`;
    url = absolute(url, doc.operation.source.origin);
  }
  const headers: [string, string][] = parameters
    .filter((parameter) => parameter.in === 'header')
    .map((parameter) => [parameter.name, parameterExample(parameter), parameter.required] as const)
    .filter(([, value, required]) => value !== undefined || required)
    .map(([name, value]) => [name, value ?? '']);
  const body = doc.requestBody;
  if (body && !headers.some(([name]) => name.toLowerCase() === 'content-type')) headers.push(['Content-Type', body.contentType]);
  return { url, headers, body: body?.example ?? '' };
}

/** A URL without a scheme and host, against the URL the document came from (an uploaded file's name leaves it as it is). */
function absolute(url: string, origin: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || !/^https?:\/\//i.test(origin)) return url;
  try {
    return new URL(url, origin).toString().replace(/%7B/g, '{').replace(/%7D/g, '}');
  } catch {
    return url;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
