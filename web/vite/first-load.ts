import { type Plugin, minifySync } from 'vite';

/**
 * The first screen a reader opens from a link, on a slow link (issue 28, "Delivery"): every request that waits
 * for another one costs a round trip (170 ms on "Fast 4G"), and a browser opens six connections at most. So:
 *
 * - the app's own code is one file, not one per shared module (`app`), and the chunks that the screens named
 *   below download on their own go into two files: what most screens share (`shell`: the header, Fluent's
 *   buttons and menus) and what only the reader uses (`reader`);
 * - a small script inline in index.html, ahead of the app's code, starts the downloads and the API reads of the
 *   screen the address names, and the labels of the reader's language, instead of the app doing so once it has
 *   run: the router's loaders (src/app/route-data.ts) then find the reads under way (src/lib/early-request.ts)
 *   and the chunks there. A browser sends six requests to a server at most (HTTP/1.1), and the screen needs
 *   more: the reads go first (the server takes its time to answer) and then the files, the largest first (the
 *   small ones, sent when a connection frees up, still arrive before the large ones end).
 */

/** A value of a read's query: `:name` a parameter of the screen's path, `?name` a number of its query string (0 if absent). */
type ReadValue = `:${string}` | `?${string}` | '';

interface FirstRead {
  /** Under the API's base: `item/info`. */
  path: string;
  /** In the order src/lib/api-client.ts writes it, so that the app's request has the same URL. */
  query: Record<string, ReadValue>;
  /** Only when this value is a number other than 0. */
  when?: ReadValue;
}

export interface FirstLoadScreen {
  /** The router's pattern (src/config/paths.ts): static segments and `:name`s. */
  path: string;
  /** The route module, as Vite's manifest names it. */
  module: string;
  /** What the route's loader reads (src/app/route-data.ts). */
  reads: FirstRead[];
}

export interface FirstLoadOptions {
  /** The screens a link opens most, the reader first: its chunks become `shell` and `reader`. */
  screens: FirstLoadScreen[];
  /** A module these screens load beside their own (the Markdown renderer), as Vite's manifest names it. */
  alongside: string;
  /**
   * The labels of a language other than English (which the app carries), by the start of its tags (`zh`), as Vite's
   * manifest names their module: fetched at once when the reader's choice (the `quire_lang` cookie) or else the
   * browser's first language the app speaks is that one (src/lib/language.ts decides the same way).
   */
  languages: Record<string, string>;
  apiBase: string;
  /** How long a read may take before it counts as failed (the app's `limits.httpTimeoutMs`). */
  timeoutMs: number;
}

/** What the boot script is given: per screen, its pattern, files and reads; per language, its files. */
interface BootScreen {
  path: string;
  files: string[];
  reads: FirstRead[];
}
type BootLanguages = Record<string, string[]>;

/** Modules the app's chunks count as "shared by most screens" when this many lazily loaded modules reach them. */
const SHELL_SHARE = 3;

/**
 * Runs in the page (inline, the first script of index.html, allowed by its hash in the site's CSP): it must not
 * reference anything outside itself (it is written out as its source text). The reads go
 * to `window.quireFirstReads`, by URL.
 */
function bootFirstLoad(screens: BootScreen[], languages: BootLanguages, apiBase: string, timeoutMs: number): void {
  const preload = (files: string[]) => {
    for (const file of files) {
      const link = document.createElement('link');
      const style = file.endsWith('.css');
      link.rel = style ? 'preload' : 'modulepreload';
      link.as = style ? 'style' : 'script';
      link.crossOrigin = '';
      link.href = file;
      document.head.appendChild(link);
    }
  };
  try {
    const chosen = /(?:^|;\s*)quire_lang=([^;]*)/.exec(document.cookie)?.[1];
    const tags = (chosen ? [decodeURIComponent(chosen)] : [...navigator.languages]).map((tag) => tag.toLowerCase());
    const spoken = tags.find((tag) => tag.startsWith('en') || Object.keys(languages).some((start) => tag.startsWith(start)));
    const language = Object.keys(languages).find((start) => spoken?.startsWith(start));
    if (language) preload(languages[language]);
  } catch {
    // No cookie or language to read: the app loads the labels itself.
  }
  try {
    const segments = location.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const search = new URLSearchParams(location.search);
    for (const screen of screens) {
      const pattern = screen.path.split('/').filter(Boolean);
      if (pattern.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const matches = pattern.every((part, i) => {
        if (part.startsWith(':')) params[part.slice(1)] = segments[i];
        return part.startsWith(':') || part === segments[i];
      });
      if (!matches) continue;
      const value = (source: string): string => {
        if (source.startsWith(':')) return params[source.slice(1)] ?? '';
        if (source.startsWith('?')) return String(Number(search.get(source.slice(1))) || 0);
        return source;
      };
      const reads: Record<string, Promise<Response>> = {};
      for (const read of screen.reads) {
        if (read.when && !Number(value(read.when))) continue;
        const query = new URLSearchParams();
        for (const [name, source] of Object.entries(read.query)) query.set(name, value(source));
        const url = `${apiBase}/${read.path}?${query.toString()}`;
        reads[url] = fetch(url, { credentials: 'same-origin', signal: AbortSignal.timeout?.(timeoutMs) });
        // Read or not, a failure is the app's to report when it asks again.
        reads[url].catch(() => undefined);
      }
      (window as unknown as { quireFirstReads?: Record<string, Promise<Response>> }).quireFirstReads = reads;
      preload(screen.files);
      return;
    }
  } catch {
    // An address the boot script cannot read (a malformed escape): the app loads as it would without it.
  }
}

interface ModuleGraph {
  imports(id: string): readonly string[];
  dynamicImports(id: string): readonly string[];
}

function staticClosure(graph: ModuleGraph, from: string, stop: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || stop.has(id)) return;
    seen.add(id);
    for (const next of graph.imports(id)) visit(next);
  };
  visit(from);
  return seen;
}

export function firstLoad(options: FirstLoadOptions) {
  let root = '';
  /** Module ids of each group, known once the module graph is (buildEnd), read when the chunks are made. */
  const shell = new Set<string>();
  const reader = new Set<string>();
  /** The boot script, once made: index.html carries it inline. */
  let bootSource: string | undefined;

  const plugin: Plugin = {
    name: 'quire:first-load',
    apply: 'build',
    // Its boot script is written before index.html is (Vite's HTML plugin writes it in its generateBundle).
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    buildEnd(error) {
      if (error) return;
      shell.clear();
      reader.clear();
      const ids = [...this.getModuleIds()];
      const graph: ModuleGraph = {
        imports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        dynamicImports: (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
      };
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const initial = new Set(entries.flatMap((entry) => [...staticClosure(graph, entry)]));
      const lazy = new Set(ids.flatMap((id) => graph.dynamicImports(id)));
      // Each lazily loaded module stays a chunk of its own (the manifest names routes by them).
      const stop = new Set([...initial, ...lazy]);
      const reachedBy = new Map<string, number>();
      for (const id of lazy) {
        for (const reached of staticClosure(graph, id, initial)) if (reached !== id) reachedBy.set(reached, (reachedBy.get(reached) ?? 0) + 1);
      }
      const readerModule = `${root}/${options.screens[0].module}`;
      for (const id of graph.imports(readerModule)) {
        for (const reached of staticClosure(graph, id, stop)) ((reachedBy.get(reached) ?? 0) >= SHELL_SHARE ? shell : reader).add(reached);
      }
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const byModule = (module: string) => chunks.find((chunk) => chunk.facadeModuleId === `${root}/${module}`);
      const entry = chunks.find((chunk) => chunk.isEntry);
      const loaded = new Set<string>();
      const size = (fileName: string) => {
        const output = bundle[fileName];
        return output.type === 'chunk' ? output.code.length : output.source.length;
      };
      const largestFirst = (fileNames: string[]) => fileNames.sort((a, b) => size(b) - size(a));
      const collect = (fileName: string, into: Set<string>) => {
        if (loaded.has(fileName) || into.has(fileName)) return;
        into.add(fileName);
        const chunk = chunks.find((candidate) => candidate.fileName === fileName);
        for (const css of chunk?.viteMetadata?.importedCss ?? []) into.add(css);
        for (const next of chunk?.imports ?? []) collect(next, into);
      };
      if (entry) collect(entry.fileName, loaded);
      const alongside = byModule(options.alongside);
      const screens: BootScreen[] = options.screens.flatMap((screen) => {
        const chunk = byModule(screen.module);
        if (!chunk) return [];
        const files = new Set<string>();
        collect(chunk.fileName, files);
        if (alongside) collect(alongside.fileName, files);
        return [{ path: screen.path, files: largestFirst([...files]).map((file) => `/${file}`), reads: screen.reads }];
      });
      const languages: BootLanguages = {};
      for (const [start, module] of Object.entries(options.languages)) {
        const chunk = byModule(module);
        const files = new Set<string>();
        if (chunk) collect(chunk.fileName, files);
        languages[start] = [...files].map((file) => `/${file}`);
      }
      const call = `(${bootFirstLoad.toString()})(${JSON.stringify(screens)}, ${JSON.stringify(languages)}, ${JSON.stringify(options.apiBase)}, ${options.timeoutMs});`;
      bootSource = minifySync('first-load.js', call).code.trim();
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // Inline and first: it runs as the page's first bytes are read, before the browser is busy with the app's
        // code (from its cache, on a revisit, that alone held a separate boot file back by 25–50 ms), and before the
        // app's reads would start (they would otherwise go out twice). The gateway's CSP allows it by its hash
        // (gateway/src/static/inline-scripts.ts).
        return bootSource ? { html, tags: [{ tag: 'script', children: bootSource, injectTo: 'head-prepend' }] } : html;
      },
    },
  };

  /** The chunks of the app's first screens (build.rolldownOptions.output.codeSplitting.groups). */
  const groups = [
    { name: 'app', tags: ['$initial' as const], priority: 3 },
    { name: 'shell', test: (id: string) => shell.has(id), priority: 2 },
    { name: 'reader', test: (id: string) => reader.has(id), priority: 1 },
  ];
  return { plugin, groups };
}
