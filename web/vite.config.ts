import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

// The gateway serves `dist/` at `/` with an SPA fallback; the API lives under `/api` on the same origin.
export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
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
  },
});
