import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { firstLoad } from './vite/first-load.ts';

/** Text files worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|wasm)$/;
/** Smaller files go out as they are: a compressed twin would save less than a packet. */
const MIN_BYTES = 1024;

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);
const brotliAtBest = (size: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size } });

/**
 * Writes `.br` (Brotli at its best quality) and `.gz` twins beside each text file of the build, once,
 * so the gateway sends them to browsers that accept them (gateway/src/static/spa.ts) without
 * compressing anything per request. A twin that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'quire:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.'));
      await Promise.all(
        files.map(async (file) => {
          const full = join(outDir, file);
          if ((await stat(full)).size < MIN_BYTES) return;
          const raw = await readFile(full);
          const twins = [
            { suffix: '.br', bytes: await toBrotli(raw, brotliAtBest(raw.length)) },
            { suffix: '.gz', bytes: await toGzip(raw, { level: constants.Z_BEST_COMPRESSION }) },
          ];
          await Promise.all(twins.filter((twin) => twin.bytes.length < raw.length).map((twin) => writeFile(full + twin.suffix, twin.bytes)));
        }),
      );
    },
  };
}

/**
 * The reader and a page on their own, opened from a link: index.html starts their chunks and their reads
 * (src/app/route-data.ts) at once (vite/first-load.ts).
 */
const firstScreens = firstLoad({
  screens: [
    {
      path: '/:itemKey',
      module: 'src/app/routes/item/item-view.tsx',
      reads: [
        { path: 'item/info', query: { item_id: ':itemKey', keyword: '', default_page_id: '?page_id' } },
        { path: 'page/info', query: { page_id: '?page_id' }, when: '?page_id' },
      ],
    },
    { path: '/page/:pageId', module: 'src/app/routes/page/page-view.tsx', reads: [{ path: 'page/info', query: { page_id: ':pageId' }, when: ':pageId' }] },
  ],
  alongside: 'src/components/ui/markdown-render.tsx',
  languages: { zh: 'src/lib/locales/zh-cn.ts' },
  apiBase: process.env.VITE_API_BASE ?? '/api',
  // src/config/env.ts's `limits.httpTimeoutMs` (that file reads Vite's build-time env, which a config has not).
  timeoutMs: 20_000,
});

// The gateway serves `dist/` at `/` with an SPA fallback; the API lives under `/api` on the same origin.
// The export renderer is built apart, after this build (vite.export-render.config.ts), so the app's chunks stay its own.
export default defineConfig({
  base: '/',
  plugins: [react(), firstScreens.plugin, precompress()],
  resolve: {
    // y-codemirror imports CodeMirror 5 for its `Pos` class alone; ByteMD has its own CodeMirror (see the shim).
    alias: [{ find: /^codemirror$/, replacement: fileURLToPath(new URL('./src/features/page-editor/lib/codemirror-pos.ts', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // `load-tests/src/bundle-size.ts` reads it to report what each route downloads.
    manifest: true,
    // Mermaid's diagram chunks are large but load only when a page draws a diagram.
    chunkSizeWarningLimit: 1600,
    reportCompressedSize: false,
    rolldownOptions: { output: { codeSplitting: { groups: firstScreens.groups } } },
  },
});
