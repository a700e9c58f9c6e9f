import { linkedUploads, rewriteFileLinks, type LinkTargets } from './content-links';

const targets: LinkTargets = {
  signOf: (sign) => (sign === 'a'.repeat(32) ? 'b'.repeat(32) : sign),
  signOfUpload: (relative) => (relative === '2026-11-25/x.png' ? 'c'.repeat(32) : null),
};

describe('rewriteFileLinks', () => {
  it("points links to the old site's visitFile at the imported file, with its sign in Quire", () => {
    const content = `![d](https://doc.example.com/server/index.php?s=/api/attachment/visitFile&sign=${'a'.repeat(32)}) and [f](/showdoc/server/index.php?s=/home/attachment/visitFile/sign/${'d'.repeat(32)})`;
    expect(rewriteFileLinks(content, targets).content).toBe(
      `![d](/server/index.php?s=/api/attachment/visitFile&sign=${'b'.repeat(32)}) and [f](/server/index.php?s=/api/attachment/visitFile&sign=${'d'.repeat(32)})`,
    );
  });

  it('points links to Public/Uploads at the file imported from that path, and lists those it cannot resolve', () => {
    const content = '![x](http://127.0.0.1/Public/Uploads/2026-11-25/x.png)\n<img src="../Public/Uploads/2020-01-01/gone.jpg">';
    const result = rewriteFileLinks(content, targets);
    expect(result.content).toBe(`![x](/server/index.php?s=/api/attachment/visitFile&sign=${'c'.repeat(32)})\n<img src="../Public/Uploads/2020-01-01/gone.jpg">`);
    expect(result.unresolved).toEqual(['../Public/Uploads/2020-01-01/gone.jpg']);
  });

  it('leaves other links alone', () => {
    const content = 'see [the API](https://example.com/api/item/updateByApi) and ![](https://cdn.example.com/Uploads/a.png)';
    expect(rewriteFileLinks(content, targets).content).toBe(content);
  });
});

describe('linkedUploads', () => {
  it('names the paths under Uploads/ that a text links, and never a path leaving the folder', () => {
    expect(linkedUploads('![](https://h/Public/Uploads/2026-11-25/x.png) ![](/Public/Uploads/../secret) ![](/Public/Uploads/a%20b.png)')).toEqual(['2026-11-25/x.png', 'a b.png']);
  });
});
