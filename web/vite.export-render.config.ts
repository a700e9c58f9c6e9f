import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The export renderer (issue 22): the reader's Markdown renderer in a page the export worker opens in headless
 * Chromium (services/export/src/render/render-session.ts). Built after the app (`npm run build -w web`) into the
 * same `dist/`, with chunks of its own under `assets/export-render/`: built together, Rollup would share the
 * renderer's modules with the app's routes and the reader would download them on its first load.
 */
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    assetsDir: 'assets/export-render',
    rollupOptions: { input: { exportRender: fileURLToPath(new URL('./export-render.html', import.meta.url)) } },
    // The app's manifest (`dist/.vite/manifest.json`, read by load-tests/src/bundle-size.ts) stays the app's.
    manifest: false,
    chunkSizeWarningLimit: 1600,
    reportCompressedSize: false,
  },
});
