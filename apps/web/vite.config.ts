import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { firstLoadChunks } from './vite-chunks';
import { preactAliases } from './preact-aliases';
import { precompress } from './vite-precompress';

const root = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
// WEB_OUT_DIR lets several builds run side by side (each developer's e2e run).
const clientOutDir = process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.join(root, 'dist');

const chunks = firstLoadChunks(['src/app/routes/home.tsx', 'src/app/routes/listing.tsx', 'src/app/routes/vehicle-details.tsx']);

export default defineConfig(({ isSsrBuild }) => ({
  root,
  // Build-time Brotli/gzip copies are for the browser's files; the server renderer is read from disk.
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [chunks.plugin, precompress()])],
  resolve: { alias: preactAliases, dedupe: ['preact'] },
  // The server renderer bundles its packages, so React Router, TanStack Query and Radix run on the
  // same Preact as the app's components (an external package would load React itself from node_modules).
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        // The server renderer sits beside the browser build (never inside it, so it is not served);
        // the server finds it at '<web dist dir>-ssr' (see ADR 009).
        outDir: `${clientOutDir}-ssr`,
        emptyOutDir: true,
        copyPublicDir: false,
      }
    : {
        outDir: clientOutDir,
        emptyOutDir: true,
        reportCompressedSize: true,
        // The server reads it to preload the chunk of the screen it rendered.
        manifest: true,
        rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/images': { target: apiTarget },
      '/chat': { target: apiTarget, ws: true },
    },
  },
}));
