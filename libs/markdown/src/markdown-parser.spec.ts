import { mathSource, parseMarkdown, plainText, walkMarkdown } from './index';

describe('parseMarkdown', () => {
  it('reads GitHub-flavoured Markdown: tables, task lists, strikethrough and autolinks', () => {
    const tree = parseMarkdown('| a | b |\n|---|:-:|\n| 1 | 2 |\n\n- [x] done\n\n~~old~~ www.example.com');
    expect(tree.children.map((node) => node.type)).toEqual(['table', 'list', 'paragraph']);
    const types = [...walkMarkdown(tree)].map((node) => node.type);
    expect(types).toEqual(expect.arrayContaining(['tableCell', 'delete', 'link']));
    const list = tree.children[1];
    expect(list.type === 'list' && list.children[0].checked).toBe(true);
  });

  it('reads $ and $$ math', () => {
    const tree = parseMarkdown('$$\nE = mc^2\n$$\n\nInline $a+b$.');
    expect(mathSource(tree.children[0])).toBe('E = mc^2');
    expect([...walkMarkdown(tree)].map((node) => mathSource(node)).filter((value) => value !== null)).toEqual(['E = mc^2', 'a+b']);
  });

  it('never throws: broken Markdown is text', () => {
    const tree = parseMarkdown('```\nunclosed\n\n**bold [link](\n' + '>'.repeat(500) + ' deep');
    expect(plainText(tree)).toContain('unclosed');
  });
});
