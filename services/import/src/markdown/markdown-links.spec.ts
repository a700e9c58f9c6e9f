import { relativeTargets, resolveTarget, rewriteTargets } from './markdown-links';

describe(rewriteTargets.name, () => {
  it('rewrites relative targets of images, links, definitions and HTML, and leaves absolute ones and code alone', () => {
    const markdown = [
      '![shot](../assets/a%20b.png "Shot") and [next](next.md#usage)',
      '[abs](https://example.com/x.png) [root](/x.md) [anchor](#top) [mail](mailto:a@b.c)',
      '<img src="img/x.png" width="10"> <a href=\'other.md\'>o</a>',
      '[ref]: <pics/y z.png>',
      '```',
      '![in code](img/x.png)',
      '```',
      '`![inline](img/x.png)` stays as prose',
    ].join('\n');

    const result = rewriteTargets(markdown, (target) => `NEW(${target})`);

    expect(result.split('\n')).toEqual([
      '![shot](NEW(../assets/a%20b.png) "Shot") and [next](NEW(next.md#usage))',
      '[abs](https://example.com/x.png) [root](/x.md) [anchor](#top) [mail](mailto:a@b.c)',
      '<img src="NEW(img/x.png)" width="10"> <a href=\'NEW(other.md)\'>o</a>',
      '[ref]: <NEW(pics/y z.png)>',
      '```',
      '![in code](img/x.png)',
      '```',
      '`![inline](NEW(img/x.png))` stays as prose',
    ]);
  });

  it('keeps a target the callback does not answer for', () => {
    expect(rewriteTargets('[a](a.md) [b](b.md)', (target) => (target === 'b.md' ? '/1?page_id=2' : undefined))).toBe('[a](a.md) [b](/1?page_id=2)');
    expect(relativeTargets('~~~\n[x](x.md)\n~~~\n[y](y.md)')).toEqual(['y.md']);
  });
});

describe(resolveTarget.name, () => {
  it('resolves against the page folder, decodes escapes, keeps the fragment and never leaves the root', () => {
    expect(resolveTarget('3 Guide/3.1 Deep/page.md', '../../assets/%E5%9B%BE.png')).toEqual({ path: 'assets/图.png', fragment: '' });
    expect(resolveTarget('a/page.md', './b.md?x=1#part')).toEqual({ path: 'a/b.md', fragment: '#part' });
    expect(resolveTarget('page.md', '../outside.png')).toBeNull();
    expect(resolveTarget('page.md', '#only-fragment')).toBeNull();
  });
});
