import { withShareKey } from '../../web/src/features/page/lib/share-key-links';

const SIGN = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);

describe(withShareKey.name, () => {
  it('adds the key to every attachment link of escaped Markdown, as page/infoByKey answers it', () => {
    const content = `![x](/server/index.php?s=/api/attachment/visitFile&amp;sign=${SIGN}) and [file](/server/index.php?s=/api/attachment/visitFile&amp;sign=${OTHER})`;

    expect(withShareKey(content, 'k1')).toBe(
      `![x](/server/index.php?s=/api/attachment/visitFile&amp;sign=${SIGN}&amp;unique_key=k1) and [file](/server/index.php?s=/api/attachment/visitFile&amp;sign=${OTHER}&amp;unique_key=k1)`,
    );
  });

  it('works on raw Markdown and leaves other links alone', () => {
    expect(withShareKey(`![x](/api/attachment/visitFile&sign=${SIGN})`, 'k2')).toBe(`![x](/api/attachment/visitFile&sign=${SIGN}&unique_key=k2)`);
    expect(withShareKey('[site](https://example.com/?sign=1) /api/attachment/visitFile&sign=short', 'k3')).toBe('[site](https://example.com/?sign=1) /api/attachment/visitFile&sign=short');
  });
});
