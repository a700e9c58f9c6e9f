import { isValidItemDomain } from './item-domain';

describe(isValidItemDomain.name, () => {
  it('accepts letters and digits that do not form a number', () => {
    for (const domain of ['docs', 'API2', 'v1', '2go', 'e5', '1x5']) expect(isValidItemDomain(domain)).toBe(true);
  });

  it('refuses numbers, symbols, spaces and non-ASCII letters', () => {
    for (const domain of ['123', '1e5', '1E10', 'my-docs', 'my docs', 'a.b', 'dökü', '文档', '', 'a_b']) {
      expect(isValidItemDomain(domain)).toBe(false);
    }
  });
});
