/**
 * Vite build of the web app: `web/` is the root, the bundle goes to `dist/app/`. Relative base,
 * so the built app works from any path and offline (no CDN, every asset is local or inlined).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Cross-origin isolation lets the engine worker be stopped through a SharedArrayBuffer. */
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/app', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
  worker: { format: 'es' },
  server: { headers: isolation },
  preview: { headers: isolation },
});
