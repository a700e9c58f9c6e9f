import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { type PluggableList, unified } from 'unified';

/**
 * The remark plugins Quire's Markdown is read with: GitHub-flavoured Markdown (tables, task
 * lists, strikethrough, autolinks, footnotes) and `$`/`$$` math, the same unified/remark family
 * (and major versions) ByteMD renders with in the browser (`@bytemd/plugin-gfm`, `plugin-math`).
 */
export const markdownPlugins: PluggableList = [remarkGfm, remarkMath];

const processor = unified().use(remarkParse).use(markdownPlugins).freeze();

/**
 * The mdast syntax tree of a Markdown text. Markdown has no syntax errors: any text parses
 * (broken constructs become literal text), so this never throws on content.
 */
export function parseMarkdown(markdown: string): Root {
  return processor.parse(markdown);
}
