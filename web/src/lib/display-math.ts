import type { BytemdPlugin } from 'bytemd';

/** The parts of a Markdown syntax tree node this plugin reads. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  position?: { start: { offset?: number } };
  data?: Record<string, unknown>;
}

/**
 * `$$E=mc^2$$` on a line of its own is a displayed formula, as in ShowDoc's editor; remark-math
 * reads it as inline math (only `$$` on lines of their own opens a math block), drawn small in
 * the text's line. A paragraph holding nothing but one such formula becomes a math block.
 */
export function displayMath(): BytemdPlugin {
  return {
    remark: (processor) =>
      processor.use(() => (tree: MdNode, file: { value: unknown }) => {
        const source = String(file.value);
        const visit = (node: MdNode) => {
          node.children?.forEach((child, i, siblings) => {
            const formula = child.type === 'paragraph' ? soleDoubleDollarMath(child, source) : undefined;
            if (formula === undefined) return visit(child);
            siblings[i] = {
              type: 'math',
              value: formula,
              data: { hName: 'div', hProperties: { className: ['math', 'math-display'] }, hChildren: [{ type: 'text', value: formula }] },
            };
          });
        };
        visit(tree);
      }),
  };
}

/** The formula of a paragraph that is only `$$…$$` (blank text around it aside), else undefined. */
function soleDoubleDollarMath(paragraph: MdNode, source: string): string | undefined {
  const parts = (paragraph.children ?? []).filter((child) => !(child.type === 'text' && child.value?.trim() === ''));
  const [only] = parts;
  if (parts.length !== 1 || only.type !== 'inlineMath') return undefined;
  const start = only.position?.start.offset;
  return start !== undefined && source.startsWith('$$', start) ? (only.value ?? '') : undefined;
}
