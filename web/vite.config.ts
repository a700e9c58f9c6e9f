import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves `dist/` at `/` with an SPA fallback; the API lives under `/api` on the same origin.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
