import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { FIRST_LOAD_SCREENS } from './src/app/first-load-screens';
import { basemap } from './vite-basemap';
import { firstLoadChunks } from './vite-chunks';
import { i18nPlugins } from './vite-i18n';
import { precompress } from './vite-precompress';
import { trimReactRouter } from './vite-react-router';
import { firstLoadStyles } from './vite-styles';

const root = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
// WEB_OUT_DIR lets several builds run side by side (each developer's e2e run).
const clientOutDir = process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.join(root, 'dist');

const styles = firstLoadStyles({
  root,
  stylesheet: 'src/styles.css',
  starts: ['index.html', 'src/main.tsx', ...FIRST_LOAD_SCREENS.map((name) => `src/app/routes/${name}.tsx`)],
  staticOnly: ['src/app/router.tsx'],
});
const chunks = firstLoadChunks(['src/app/routes/home.tsx', 'src/app/routes/listing.tsx', 'src/app/routes/vehicle-details.tsx']);

/**
 * The server renderer's folder says its scripts are ES modules: built outside the repository (a
 * developer's /tmp folder) no package.json above it says so, and Node would load its chunks through
 * require(), which refuses the chunks' import cycles.
 */
const esmPackage: Plugin = {
  name: 'rentdrive-ssr-esm-package',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'package.json', source: '{ "type": "module" }\n' });
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  root,
  // Build-time Brotli/gzip copies are for the browser's files; the server renderer is read from disk.
  plugins: [
    ...i18nPlugins(),
    trimReactRouter(),
    react(),
    styles,
    tailwindcss(),
    basemap(),
    ...(isSsrBuild ? [esmPackage] : [chunks.plugin, precompress()]),
  ],
  // React Router's package exports name only its development build (warnings and checks for
  // developers, 90 KB of the entry before minification); a build takes its production one.
  resolve: {
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: path.join(root, '../../node_modules/react-router/dist/production/index.mjs') }]
        : [],
  },
  // The server renderer bundles its packages (React DOM's server renderer included), so it runs from
  // any folder: a build under /tmp finds no node_modules by walking up.
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
        // Every browser the app supports preloads modules itself: no polyfill in the entry.
        modulePreload: { polyfill: false },
        // The server reads it to preload the chunk of the screen it rendered.
        manifest: true,
        rolldownOptions: {
          output: { codeSplitting: { groups: chunks.groups } },
        },
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
