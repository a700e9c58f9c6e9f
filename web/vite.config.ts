import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves `dist/` at `/` with an SPA fallback; the API lives under `/api` on the same origin.
export default defineConfig({
  base: '/',
  plugins: [react()],
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
