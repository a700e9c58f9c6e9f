import type { GeneratedPage } from './generated-page';

interface ApiDoc {
  title: string;
  catalog: string;
  method: string;
  url: string;
  description: string;
  jsonParam: string;
  returnExample: string;
  remark: string;
  number: string;
  headers: string[][];
  params: string[][];
  returnParams: string[][];
}

const SINGLE_TAGS = ['title', 'catalog', 'method', 'url', 'description', 'json_param', 'return', 'remark', 'number'] as const;
const MULTI_TAGS = ['header', 'param', 'return_param'] as const;
type SingleTag = (typeof SINGLE_TAGS)[number];
type MultiTag = (typeof MULTI_TAGS)[number];

const isSingle = (tag: string): tag is SingleTag => (SINGLE_TAGS as readonly string[]).includes(tag);
const isMulti = (tag: string): tag is MultiTag => (MULTI_TAGS as readonly string[]).includes(tag);

/** The lines of a `/** … *\/` block without the comment markers. */
function blockLines(block: string): string[] {
  return block
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*\*?\s?/, '').trim());
}

function parseBlock(block: string): ApiDoc {
  const single: Partial<Record<SingleTag, string>> = {};
  const multi: Record<MultiTag, string[][]> = { header: [], param: [], return_param: [] };
  for (const line of blockLines(block)) {
    const match = /^@(\w+)(?:\s+(.*))?$/.exec(line);
    if (!match) continue;
    const [, tag, rest = ''] = match;
    if (isSingle(tag)) single[tag] ??= rest.trim();
    else if (isMulti(tag)) {
      const words = rest.trim().split(/\s+/).filter(Boolean);
      // name, required, type (return_param: name, type) and the rest as the description.
      const fixed = tag === 'return_param' ? 2 : 3;
      if (words.length) multi[tag].push([...words.slice(0, fixed), words.slice(fixed).join(' ')]);
    }
  }
  return {
    title: single.title ?? '',
    catalog: single.catalog ?? '',
    method: single.method ?? '',
    url: single.url ?? '',
    description: single.description ?? '',
    jsonParam: single.json_param ?? '',
    returnExample: single.return ?? '',
    remark: single.remark ?? '',
    number: single.number ?? '',
    headers: multi.header,
    params: multi.param,
    returnParams: multi.return_param,
  };
}

const cell = (value: string | undefined) => (value ?? '').replace(/\|/g, '\\|');
const row = (cells: string[], width: number) => `|${Array.from({ length: width }, (_, i) => cell(cells[i])).join('|')}|`;

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The standard API page of ShowDoc's template, in its Chinese headings. */
function toMarkdown(doc: ApiDoc): string {
  const parts = ['**简要描述：**', '', `- ${doc.description}`, '', '**请求URL：**', '', `- \` ${doc.url} \``, '', '**请求方式：**', '', `- ${doc.method}`, ''];
  if (doc.headers.length) {
    parts.push('**Header：**', '', '|Header|必选|类型|说明|', '|:----|:---|:-----|-----|', ...doc.headers.map((h) => row(h, 4)), '');
  }
  if (doc.jsonParam) parts.push('**请求参数示例**', '', '```', prettyJson(doc.jsonParam), '```', '');
  if (doc.params.length) {
    parts.push('**参数：**', '', '|参数名|必选|类型|说明|', '|:----|:---|:-----|-----|', ...doc.params.map((p) => row(p, 4)), '');
  }
  parts.push('**返回示例**', '', '```', prettyJson(doc.returnExample), '```', '');
  parts.push('**返回参数说明**', '', '|参数名|类型|说明|', '|:-----|:-----|-----|', ...doc.returnParams.map((p) => row(p, 3)), '');
  parts.push('**备注**', '', `- ${doc.remark}`, '');
  return parts.join('\n');
}

/**
 * `open/fromComments` (contract §11.3): every `/** … *\/` block that has a `@title` and the word
 * `showdoc` becomes one API page (`@catalog` path, `@number` sort number).
 */
export function commentDocPages(source: string): GeneratedPage[] {
  const text = source.replace(/_this_and_change_/g, '&');
  const blocks = text.match(/\/\*\*[\s\S]*?\*\//g) ?? [];
  return blocks
    .filter((block) => block.includes('@title') && block.includes('showdoc'))
    .map(parseBlock)
    .filter((doc) => doc.title !== '')
    .map((doc) => ({
      page_title: doc.title,
      page_content: toMarkdown(doc),
      cat_name: doc.catalog,
      s_number: /^-?\d{1,9}$/.test(doc.number) ? Number(doc.number) : 0,
    }));
}
