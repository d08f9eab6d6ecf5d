import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

const root = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), precompress()],
  // WEB_OUT_DIR lets several builds run side by side (each developer's e2e run).
  build: {
    outDir: process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.join(root, 'dist'),
    emptyOutDir: true,
    reportCompressedSize: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/images': { target: apiTarget },
      '/chat': { target: apiTarget, ws: true },
    },
  },
});
