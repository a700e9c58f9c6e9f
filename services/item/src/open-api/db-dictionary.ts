import type { GeneratedPage } from './generated-page';

interface Column {
  name: string;
  defaultValue: string;
  nullable: string;
  type: string;
  comment: string;
}

/** Tab-separated rows after the header line (the output of `mysql -e` in ShowDoc's script). */
function rows(tsv: string): string[][] {
  return tsv
    .replace(/_this_and_change_/g, '&')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('\t'));
}

/** A Markdown table cell: a `|` or a line break would break the row. */
const cell = (value: string | undefined) =>
  (value ?? '')
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ')
    .trim();

/**
 * `open/updateDbItem` (contract §11.2): one page per table, titled with the table name, with the
 * table comment and a Markdown table of its columns (an empty column comment reads `无`).
 */
export function dbDictionaryPages(tableInfo: string, tableDetail: string, catName: string, sNumber: number): GeneratedPage[] {
  const tables = new Map<string, { comment: string; columns: Column[] }>();
  const table = (name: string) => {
    let found = tables.get(name);
    if (!found) tables.set(name, (found = { comment: '', columns: [] }));
    return found;
  };
  for (const [name, comment] of rows(tableInfo)) {
    if (name.trim()) table(name.trim()).comment = comment ?? '';
  }
  for (const [tableName, name, defaultValue, nullable, type, comment] of rows(tableDetail)) {
    if (!tableName.trim() || !name) continue;
    table(tableName.trim()).columns.push({ name, defaultValue: defaultValue ?? '', nullable: nullable ?? '', type: type ?? '', comment: comment || '无' });
  }
  return [...tables].map(([name, { comment, columns }]) => ({
    page_title: name,
    page_content: [
      `- ${cell(comment)}`,
      '',
      '|字段|类型|允许空|默认|注释|',
      '|:----|:-------|:---|----|------|',
      ...columns.map((c) => `|${cell(c.name)}|${cell(c.type)}|${cell(c.nullable)}|${cell(c.defaultValue)}|${cell(c.comment)}|`),
      '',
    ].join('\n'),
    cat_name: catName,
    s_number: sNumber,
  }));
}
