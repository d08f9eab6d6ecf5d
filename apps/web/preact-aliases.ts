import type { Alias } from 'vite';

/**
 * The app is written against React's API and rendered by Preact's compatibility layer (ADR 010): the
 * browser build, the server renderer and the web tests all resolve React's modules to Preact's, so
 * what is tested and server-rendered is what the browser runs. Exact matches only: `react-router`
 * and `react-hook-form` are packages of their own.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];
