import type { Nodes } from 'mdast';

/** Any node of a parsed Markdown tree. */
export type MarkdownNode = Nodes;

/** `$…$` and `$$…$$` (remark-math). */
export interface MathNode {
  type: 'math' | 'inlineMath';
  value: string;
}

/** The TeX source of a math node (remark-math adds them outside mdast's own types), or null for any other node. */
export function mathSource(node: { type: string }): string | null {
  if (node.type !== 'math' && node.type !== 'inlineMath') return null;
  const { value } = node as Partial<MathNode>;
  return typeof value === 'string' ? value : '';
}

/** The text of a node and everything under it (alt text of images included), without markup. */
export function plainText(node: MarkdownNode): string {
  const parts: string[] = [];
  const stack: MarkdownNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as MarkdownNode;
    if ('value' in current && typeof current.value === 'string') parts.push(current.value);
    else if (current.type === 'image' || current.type === 'imageReference') parts.push(current.alt ?? '');
    if ('children' in current) for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]);
  }
  return parts.join('');
}

/** Every node of the tree, depth first, without recursion (a deeply nested text cannot overflow the stack). */
export function* walkMarkdown(root: MarkdownNode): Generator<MarkdownNode> {
  const stack: MarkdownNode[] = [root];
  while (stack.length > 0) {
    const current = stack.pop() as MarkdownNode;
    yield current;
    if ('children' in current) for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]);
  }
}
