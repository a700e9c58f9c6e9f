import type { HLJSApi, LanguageFn } from 'highlight.js';

type GrammarModule = { default: LanguageFn };

/**
 * The grammars a page may name after its ```` ``` ````, each its own chunk: a page downloads
 * highlight.js's core and the grammars of its code blocks only (the full bundle is 300 KB gzip).
 * Keys are the grammar's name and its usual aliases, lowercase.
 */
const grammars = new Map<string, () => Promise<GrammarModule>>();
function grammar(names: string[], load: () => Promise<GrammarModule>): void {
  for (const name of names) grammars.set(name, load);
}
grammar(['bash', 'sh', 'zsh'], () => import('highlight.js/lib/languages/bash'));
grammar(['c', 'h'], () => import('highlight.js/lib/languages/c'));
grammar(['cpp', 'c++', 'cc', 'cxx', 'hpp'], () => import('highlight.js/lib/languages/cpp'));
grammar(['csharp', 'cs', 'c#'], () => import('highlight.js/lib/languages/csharp'));
grammar(['css'], () => import('highlight.js/lib/languages/css'));
grammar(['dart'], () => import('highlight.js/lib/languages/dart'));
grammar(['diff', 'patch'], () => import('highlight.js/lib/languages/diff'));
grammar(['dockerfile', 'docker'], () => import('highlight.js/lib/languages/dockerfile'));
grammar(['go', 'golang'], () => import('highlight.js/lib/languages/go'));
grammar(['graphql', 'gql'], () => import('highlight.js/lib/languages/graphql'));
grammar(['http'], () => import('highlight.js/lib/languages/http'));
grammar(['ini', 'toml'], () => import('highlight.js/lib/languages/ini'));
grammar(['java', 'jsp'], () => import('highlight.js/lib/languages/java'));
grammar(['javascript', 'js', 'jsx', 'mjs', 'cjs'], () => import('highlight.js/lib/languages/javascript'));
grammar(['json', 'jsonc'], () => import('highlight.js/lib/languages/json'));
grammar(['kotlin', 'kt'], () => import('highlight.js/lib/languages/kotlin'));
grammar(['less'], () => import('highlight.js/lib/languages/less'));
grammar(['lua'], () => import('highlight.js/lib/languages/lua'));
grammar(['makefile', 'make', 'mk'], () => import('highlight.js/lib/languages/makefile'));
grammar(['markdown', 'md'], () => import('highlight.js/lib/languages/markdown'));
grammar(['nginx'], () => import('highlight.js/lib/languages/nginx'));
grammar(['objectivec', 'objc'], () => import('highlight.js/lib/languages/objectivec'));
grammar(['perl', 'pl'], () => import('highlight.js/lib/languages/perl'));
grammar(['php'], () => import('highlight.js/lib/languages/php'));
grammar(['powershell', 'ps1', 'pwsh'], () => import('highlight.js/lib/languages/powershell'));
grammar(['properties'], () => import('highlight.js/lib/languages/properties'));
grammar(['protobuf', 'proto'], () => import('highlight.js/lib/languages/protobuf'));
grammar(['python', 'py'], () => import('highlight.js/lib/languages/python'));
grammar(['r'], () => import('highlight.js/lib/languages/r'));
grammar(['ruby', 'rb'], () => import('highlight.js/lib/languages/ruby'));
grammar(['rust', 'rs'], () => import('highlight.js/lib/languages/rust'));
grammar(['scala'], () => import('highlight.js/lib/languages/scala'));
grammar(['scss'], () => import('highlight.js/lib/languages/scss'));
grammar(['shell', 'console'], () => import('highlight.js/lib/languages/shell'));
grammar(['sql', 'mysql', 'pgsql'], () => import('highlight.js/lib/languages/sql'));
grammar(['swift'], () => import('highlight.js/lib/languages/swift'));
grammar(['typescript', 'ts', 'tsx'], () => import('highlight.js/lib/languages/typescript'));
grammar(['vbnet', 'vb'], () => import('highlight.js/lib/languages/vbnet'));
grammar(['xml', 'html', 'xhtml', 'svg', 'vue'], () => import('highlight.js/lib/languages/xml'));
grammar(['yaml', 'yml'], () => import('highlight.js/lib/languages/yaml'));

let core: Promise<HLJSApi> | undefined;
const registered = new Map<string, Promise<HLJSApi>>();

/** highlight.js with the grammar named by a `language-…` class registered (once); undefined when it is not one of ours. */
function highlighterFor(language: string): Promise<HLJSApi> | undefined {
  const load = grammars.get(language);
  if (!load) return undefined;
  let ready = registered.get(language);
  if (!ready) {
    core ??= import('highlight.js/lib/core').then((m) => m.default);
    ready = Promise.all([core, load()]).then(([hljs, grammarModule]) => {
      hljs.registerLanguage(language, grammarModule.default);
      return hljs;
    });
    registered.set(language, ready);
  }
  return ready;
}

/**
 * Highlights each `pre > code.language-x` of a rendered page whose language is known, loading
 * its grammar first; blocks without a language stay plain text (guessing needs every grammar).
 */
export async function highlightCodeBlocks(root: HTMLElement): Promise<void> {
  const blocks = Array.from(root.querySelectorAll<HTMLElement>('pre > code[class*="language-"]')).filter((el) => !el.dataset.highlighted);
  await Promise.all(
    blocks.map(async (block) => {
      const language = /\blanguage-(\S+)/.exec(block.className)?.[1]?.toLowerCase() ?? '';
      const highlighter = highlighterFor(language);
      if (!highlighter) return;
      const hljs = await highlighter;
      if (!block.isConnected || block.dataset.highlighted) return;
      const { value } = hljs.highlight(block.textContent ?? '', { language, ignoreIllegals: true });
      block.innerHTML = value;
      block.classList.add('hljs');
      block.dataset.highlighted = 'yes';
    }),
  );
}
