import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: { outDir: path.join(root, 'dist'), emptyOutDir: true, reportCompressedSize: true },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/images': { target: apiTarget },
      '/chat': { target: apiTarget, ws: true },
    },
  },
});
