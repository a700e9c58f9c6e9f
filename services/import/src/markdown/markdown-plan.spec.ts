import { AppError } from '@quire/proto';
import { type ImportPlan, parseManifest, planImport, planPages } from './markdown-plan';

/** The plan as a user sees the menu: catalogs with their pages, titles only. */
function menu(plan: Pick<ImportPlan, 'pages' | 'catalogs'>): unknown {
  return {
    pages: plan.pages.map((page) => page.title),
    catalogs: plan.catalogs.map((catalog) => ({ name: catalog.name, ...(menu(catalog) as object) })),
  };
}

describe(planImport.name, () => {
  it('makes folders catalogs and files pages titled by their names, in natural order, pages numbered per list', () => {
    const plan = planImport(['10 last.md', '2 second.md', 'guide/intro.md', 'guide/api/登录.md', 'README.markdown', 'guide/shot.png'], [], null);

    expect(menu(plan)).toEqual({
      pages: ['2 second', '10 last', 'README'],
      catalogs: [{ name: 'guide', pages: ['intro'], catalogs: [{ name: 'api', pages: ['登录'], catalogs: [] }] }],
    });
    expect(plan.pages.map((page) => page.s_number)).toEqual([1, 2, 3]);
    expect(plan.ignored).toEqual(['guide/shot.png']);
  });

  it('flattens folders below the third level into the third, with their path in the title', () => {
    const plan = planImport(['a/b/c/d/e/deep.md', 'a/b/c/here.md', 'a/b/c/d/mid.md', 'top.md'], [], null);

    expect(menu(plan)).toEqual({
      pages: ['top'],
      catalogs: [{ name: 'a', pages: [], catalogs: [{ name: 'b', pages: [], catalogs: [{ name: 'c', pages: ['here', 'd/mid', 'd/e/deep'], catalogs: [] }] }] }],
    });
  });

  it('reads a zipped docs folder from inside it, and skips macOS and hidden files', () => {
    const plan = planImport(['docs/index.md', 'docs/api/users.md', '__MACOSX/docs/._index.md', 'docs/.DS_Store'], ['docs', 'docs/api'], null);

    expect(menu(plan)).toEqual({ pages: ['index'], catalogs: [{ name: 'api', pages: ['users'], catalogs: [] }] });
    expect(planPages(plan).map((page) => page.file)).toEqual(['docs/index.md', 'docs/api/users.md']);
  });

  it('keeps empty folders as catalogs, but not folders that only hold images', () => {
    const plan = planImport(['a.md', 'images/x.png'], ['empty', 'images'], null);

    expect(menu(plan)).toEqual({ pages: ['a'], catalogs: [{ name: 'empty', pages: [], catalogs: [] }] });
  });

  it("follows Quire's manifest: titles, catalog names and order as exported, unlisted files after", () => {
    const manifest = parseManifest(
      JSON.stringify({
        format: 'quire-markdown',
        version: 1,
        item_name: '接口文档',
        item_description: 'd',
        cat_name: '',
        exported_at: 1,
        pages: [
          { title: 'Zeta: "quoted"', catalogs: [], file: '1 Zeta_ _quoted_.md' },
          { title: 'alpha', catalogs: [], file: '2 alpha.md' },
          { title: '用户/登录', catalogs: ['接口'], file: '4 接口/4.1 用户_登录.md' },
        ],
        catalogs: [
          { name: '空目录', catalogs: [], folder: '3 空目录' },
          { name: '接口', catalogs: [], folder: '4 接口' },
        ],
      }),
    );
    const plan = planImport(['1 Zeta_ _quoted_.md', '2 alpha.md', '4 接口/4.1 用户_登录.md', '4 接口/extra.md', 'quire-export.json'], ['3 空目录', '4 接口'], manifest);

    expect(menu(plan)).toEqual({
      pages: ['Zeta: "quoted"', 'alpha'],
      catalogs: [
        { name: '空目录', pages: [], catalogs: [] },
        { name: '接口', pages: ['用户/登录', 'extra'], catalogs: [] },
      ],
    });
    expect(plan.item_name).toBe('接口文档');
    expect(plan.ignored).toEqual([]);
  });

  it('refuses a zip without Markdown', () => {
    expect(() => planImport(['a.png', 'notes.txt'], [], null)).toThrow(AppError);
  });
});

describe(parseManifest.name, () => {
  it('ignores what is not a Quire manifest', () => {
    expect(parseManifest(undefined)).toBeNull();
    expect(parseManifest('{oops')).toBeNull();
    expect(parseManifest(JSON.stringify({ format: 'other', pages: [], catalogs: [] }))).toBeNull();
  });
});
