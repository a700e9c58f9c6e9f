import { dbDictionaryPages } from './db-dictionary';

const tableInfo = 'TABLE_NAME\tTABLE_COMMENT\nuser\tUsers of the site\nitem\t\n';
const tableDetail = [
  'TABLE_NAME\tCOLUMN_NAME\tCOLUMN_DEFAULT\tIS_NULLABLE\tCOLUMN_TYPE\tCOLUMN_COMMENT',
  'user\tuid\tNULL\tNO\tint(10)\tuser id',
  'user\tusername\t\tNO\tvarchar(50)\t',
  'item\tname\t\tYES\tvarchar(a|b)\tthe name',
].join('\n');

describe(dbDictionaryPages.name, () => {
  it('makes one page per table with a Markdown table of its columns', () => {
    const pages = dbDictionaryPages(tableInfo, tableDetail, 'db/tables', 5);
    expect(pages.map((p) => [p.page_title, p.cat_name, p.s_number])).toEqual([
      ['user', 'db/tables', 5],
      ['item', 'db/tables', 5],
    ]);
    expect(pages[0].page_content).toBe(
      ['- Users of the site', '', '|字段|类型|允许空|默认|注释|', '|:----|:-------|:---|----|------|', '|uid|int(10)|NO|NULL|user id|', '|username|varchar(50)|NO||无|', ''].join('\n'),
    );
  });

  it('keeps a pipe inside a cell from breaking the row', () => {
    expect(dbDictionaryPages(tableInfo, tableDetail, '', 99)[1].page_content).toContain('|name|varchar(a\\|b)|YES||the name|');
  });

  it('skips the header lines and blank lines, and gives nothing for empty input', () => {
    expect(dbDictionaryPages('TABLE_NAME\tTABLE_COMMENT\n\n', 'header only', '', 99)).toEqual([]);
  });
});
