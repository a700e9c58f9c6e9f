import { createRequire } from 'node:module';
import { run } from './ooxml';

/** What this file uses of highlight.js. */
interface Highlighter {
  getLanguage(name: string): unknown;
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
}

/**
 * highlight.js with its common grammars, required rather than imported: its type declarations load the browser's
 * DOM library into every program that imports it, which would retype the server's (and its tests') Buffers.
 */
const hljs = createRequire(__filename)('highlight.js/lib/common') as Highlighter;

/**
 * The reader's code colours (web/src/components/ui/markdown-body-styles.ts, Fluent's light palette) by
 * highlight.js class: keywords red, strings green, numbers blue, names purple, comments grey italic.
 */
const COLOURS: Record<string, { color: string; italics?: boolean }> = {
  keyword: { color: 'B10E1C' },
  'selector-tag': { color: 'B10E1C' },
  built_in: { color: 'B10E1C' },
  meta: { color: 'B10E1C' },
  string: { color: '0E700E' },
  attr: { color: '0E700E' },
  addition: { color: '0E700E' },
  regexp: { color: '0E700E' },
  number: { color: '0F548C' },
  literal: { color: '0F548C' },
  variable: { color: '0F548C' },
  attribute: { color: '0F548C' },
  comment: { color: '616161', italics: true },
  quote: { color: '616161', italics: true },
  title: { color: '5C2E91' },
  function: { color: '5C2E91' },
  type: { color: '5C2E91' },
  section: { color: '5C2E91' },
  name: { color: '5C2E91' },
  deletion: { color: 'C50F1F' },
};

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };

/**
 * A code block as Word runs coloured as the reader colours it: highlight.js (the reader's highlighter) with the
 * grammar the block names; a block without one, or naming one highlight.js does not know, stays plain.
 */
export function highlightedRuns(code: string, language: string | null | undefined): string {
  const name = language?.trim().toLowerCase() ?? '';
  if (!name || !hljs.getLanguage(name)) return run(code);
  let html: string;
  try {
    html = hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch {
    return run(code);
  }
  const stack: string[] = [];
  let out = '';
  for (const token of html.matchAll(/<span class="([^"]*)">|<\/span>|([^<]+)/g)) {
    if (token[1] !== undefined) stack.push(token[1]);
    else if (token[0] === '</span>') stack.pop();
    else {
      const text = token[2].replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]);
      out += run(text, styleOf(stack));
    }
  }
  return out;
}

/** The colour of the innermost class that has one (`hljs-title function_` → title). */
function styleOf(stack: readonly string[]): { color?: string; italics?: boolean } {
  for (let i = stack.length - 1; i >= 0; i--) {
    for (const className of stack[i].split(/\s+/)) {
      const style = COLOURS[className.replace(/^hljs-/, '')];
      if (style) return style;
    }
  }
  return {};
}
