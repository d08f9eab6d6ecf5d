#!/usr/bin/env node
// Compiles the server for production: one ES module bundle of apps/server/src and the workspace
// packages it imports (packages/contracts and packages/domain are TypeScript sources imported by
// name), with every npm dependency left as an import of node_modules. The migrations go next to it
// (the server finds them beside its own file), and so does the image worker's entry. `npm start`
// runs it with plain node.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const outdir = 'apps/server/dist';
await rm(outdir, { recursive: true, force: true });

/** Bare imports stay imports, except our own workspace packages, which are compiled in. */
const dependenciesExternal = {
  name: 'dependencies-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@rentdrive/') ? undefined : { path: args.path, external: true }));
  },
};

const started = performance.now();
await build({
  // image-worker: the child process uploads are decoded in (lib/image-worker-process.ts finds it
  // beside the file it runs from).
  entryPoints: {
    server: 'apps/server/src/server.ts',
    seed: 'apps/server/src/seed/run.ts',
    'image-worker': 'apps/server/src/lib/image-worker.ts',
    // gazetteer-worker: the thread the place gazetteer is built in (modules/location/gazetteer.ts
    // finds it beside the file it runs from).
    'gazetteer-worker': 'apps/server/src/modules/location/gazetteer-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [dependenciesExternal],
});
await cp('apps/server/src/db/migrations', `${outdir}/migrations`, { recursive: true });
console.log(`server compiled to ${outdir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
