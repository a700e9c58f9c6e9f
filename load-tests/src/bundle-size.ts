import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';

/**
 * `npm run bench` (first part): the gzip size of the JavaScript each route of the web app
 * downloads before it can show its screen — the entry chunk plus the route's chunk and their
 * static imports, read from Vite's manifest. Lazy chunks (highlight.js, KaTeX, mermaid) load
 * only when a page uses them and are listed apart; so does the Markdown renderer, which the
 * reader requests as its route loads, alongside the page's text. Target: the reader under 200 KB gzip.
 */

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export const READER_TARGET_BYTES = 200 * 1024;

/** The Markdown renderer (remark, rehype, the HTML parser), a chunk of its own that the reader loads with the page's text. */
export const MARKDOWN_RENDERER = 'src/components/ui/markdown-render.tsx';

/** The routes measured: manifest keys of the route modules (see web/src/app/router.tsx). */
export const MEASURED_ROUTES: Record<string, string> = {
  landing: 'src/app/routes/landing.tsx',
  login: 'src/app/routes/user/login.tsx',
  'item list': 'src/app/routes/item/item-index.tsx',
  reader: 'src/app/routes/item/item-view.tsx',
  /** The page editor: ByteMD's editor and CodeMirror load here only (the reader must not carry them). */
  editor: 'src/app/routes/page/page-edit.tsx',
};

/** Markers of editor code that the reader must not download. */
const EDITOR_MARKERS = ['bytemd-editor', 'CodeMirror.defineMode', 'src/features/page-editor/'];

export interface RouteSize {
  route: string;
  files: string[];
  jsBytes: number;
  jsGzip: number;
  /** What the server sends: the build's Brotli twins (web/vite.config.ts). */
  jsBrotli: number;
  cssGzip: number;
  editorCode: boolean;
}

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

export function measureRoute(distDir: string, manifest: Manifest, route: string, moduleKey: string): RouteSize {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry chunk');
  if (!manifest[moduleKey]) throw new Error(`the Vite manifest has no chunk for ${moduleKey}`);
  const chunks = staticClosure(manifest, [entry, moduleKey]);
  let jsBytes = 0;
  let jsGzip = 0;
  let jsBrotli = 0;
  let cssGzip = 0;
  let editorCode = false;
  const files: string[] = [];
  const css = new Set<string>();
  for (const key of chunks) {
    const chunk = manifest[key];
    const body = fs.readFileSync(path.join(distDir, chunk.file));
    files.push(chunk.file);
    jsBytes += body.length;
    jsGzip += zlib.gzipSync(body, { level: 9 }).length;
    jsBrotli += fileOrSize(path.join(distDir, `${chunk.file}.br`), () => zlib.brotliCompressSync(body).length);
    if (EDITOR_MARKERS.some((marker) => body.includes(marker) || key.includes(marker))) editorCode = true;
    for (const file of chunk.css ?? []) css.add(file);
  }
  for (const file of css) cssGzip += zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
  return { route, files, jsBytes, jsGzip, jsBrotli, cssGzip, editorCode };
}

/** A file's size, or `compute()` when the build wrote none (files too small to be worth compressing). */
function fileOrSize(file: string, compute: () => number): number {
  return fs.existsSync(file) ? fs.statSync(file).size : compute();
}

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build:web\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

function main(): void {
  const distDir = path.resolve(__dirname, '..', '..', 'web', 'dist');
  const manifest = readManifest(distDir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);
  console.log('\nWeb app: JavaScript each route loads before its first screen (entry + route chunk + static imports)');
  console.log('route        |   JS raw   |  JS gzip   | JS Brotli  |  CSS gzip  | chunks | editor code');
  console.log('-------------|------------|------------|------------|------------|--------|------------');
  const sizes = Object.entries(MEASURED_ROUTES).map(([route, key]) => measureRoute(distDir, manifest, route, key));
  for (const size of sizes) {
    console.log(
      `${size.route.padEnd(12)} | ${kb(size.jsBytes)} | ${kb(size.jsGzip)} | ${kb(size.jsBrotli)} | ${kb(size.cssGzip)} | ${String(size.files.length).padStart(6)} | ${size.editorCode ? 'YES' : 'no'}`,
    );
  }
  const lazy = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry && !chunk.src?.startsWith('src/'));
  const lazyGzip = lazy.reduce((sum, chunk) => sum + zlib.gzipSync(fs.readFileSync(path.join(distDir, chunk.file))).length, 0);
  console.log(`on demand (highlight.js, KaTeX, mermaid, zoom): ${lazy.length} chunks, ${kb(lazyGzip).trim()} gzip in all`);
  const reader = sizes.find((size) => size.route === 'reader');
  if (reader) {
    const verdict = reader.jsGzip < READER_TARGET_BYTES && !reader.editorCode ? 'within' : 'OVER';
    console.log(
      `reader: ${kb(reader.jsGzip).trim()} gzip, ${verdict} the ${READER_TARGET_BYTES / 1024} KB target${reader.editorCode ? ', and it loads editor code' : ''} (${kb(reader.jsBrotli).trim()} as sent, Brotli)`,
    );
  }
  if (reader && manifest[MARKDOWN_RENDERER]) {
    const renderer = measureRoute(distDir, manifest, 'renderer', MARKDOWN_RENDERER);
    const extra = renderer.files.filter((file) => !reader.files.includes(file));
    const extraGzip = extra.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length, 0);
    console.log(`markdown renderer: ${kb(extraGzip).trim()} gzip more, requested by the reader as it loads (in parallel with the page's text)`);
  }
  const editor = sizes.find((size) => size.route === 'editor');
  if (editor) console.log(`editor: ${kb(editor.jsGzip).trim()} gzip on the edit route (${editor.editorCode ? 'with' : 'WITHOUT'} the editor code), loaded only there`);
}

if (require.main === module) main();
