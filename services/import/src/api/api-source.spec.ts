import { stringify } from 'yaml';
import { canonicalHash } from './api-source';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '1' },
  paths: { '/orders': { get: { summary: 'List orders', parameters: [{ name: 'limit', in: 'query' }], responses: { '200': { description: 'OK' } } } } },
};

describe(canonicalHash.name, () => {
  const sut = canonicalHash;
  const base = sut(JSON.stringify(DOCUMENT));

  it('hashes the same description the same whatever its whitespace, key order or syntax (JSON or YAML)', () => {
    expect(sut(JSON.stringify(DOCUMENT, null, 4))).toBe(base);
    const reversed = JSON.parse(JSON.stringify(DOCUMENT), (_key, value: unknown) =>
      typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value,
    ) as unknown;
    expect(JSON.stringify(reversed)).not.toBe(JSON.stringify(DOCUMENT));
    expect(sut(JSON.stringify(reversed))).toBe(base);
    expect(sut(stringify(DOCUMENT))).toBe(base);
  });

  it('hashes another content, or another order of a list, differently', () => {
    expect(sut(JSON.stringify({ ...DOCUMENT, info: { title: 'Shop', version: '2' } }))).not.toBe(base);
    const twoParameters = (first: string, second: string) =>
      JSON.stringify({
        ...DOCUMENT,
        paths: {
          '/orders': {
            get: {
              ...DOCUMENT.paths['/orders'].get,
              parameters: [
                { name: first, in: 'query' },
                { name: second, in: 'query' },
              ],
            },
          },
        },
      });
    expect(sut(twoParameters('limit', 'offset'))).not.toBe(sut(twoParameters('offset', 'limit')));
  });

  it('hashes a text that does not parse as its bytes', () => {
    expect(sut('{"openapi": ')).toBe(sut('{"openapi": '));
    expect(sut('{"openapi": ')).not.toBe(sut('{"openapi":  '));
  });
});
