import type { ApiOperation } from '@quire/proto';
import { paths } from '../../../config/paths';

/**
 * "Try it" on a page generated from an API description (issue 19): the HTTP API test tool in a new window, filled
 * with the request the import made of the page's operation (method, server URL and path with its parameters from
 * examples, query, headers, an example body).
 */
export function openTryIt(operation: ApiOperation): void {
  const request = operation.try_it;
  if (!request) return;
  window.open(paths.httpTest.getHref({ method: operation.method, url: request.url, headers: request.headers, body: request.body }), '_blank', 'noopener');
}
