import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Builds the web app as `npm run build` does (browser build, then the server renderer beside it)
 * into a directory of this test run, for suites that need real rendered pages. Inside the
 * repository, so the renderer's imports (react, react-router...) resolve from its node_modules.
 *
 * `npm test` builds the web app once before Vitest and hands it over as TEST_WEB_DIST_DIR (the same
 * build the first-load check and Playwright use): then nothing is built here and remove() keeps it.
 */
export function buildWebApp(name: string): { distDir: string; remove(): void } {
  const prebuilt = process.env.TEST_WEB_DIST_DIR;
  if (prebuilt) {
    const distDir = path.resolve(prebuilt);
    if (!existsSync(path.join(distDir, 'index.html')) || !existsSync(path.join(`${distDir}-ssr`, 'entry-server.js'))) {
      throw new Error(`TEST_WEB_DIST_DIR=${prebuilt} holds no complete web build (index.html and ${prebuilt}-ssr/entry-server.js).`);
    }
    return { distDir, remove() {} };
  }
  const distDir = path.resolve('.tmp', `${name}-${process.pid}`);
  const vite = path.resolve('node_modules', '.bin', 'vite');
  const config = path.resolve('apps', 'web', 'vite.config.ts');
  const env = { ...process.env, WEB_OUT_DIR: distDir, NODE_ENV: 'production' };
  execFileSync(vite, ['build', '--config', config, '--logLevel', 'error'], { env, stdio: 'pipe', timeout: 240_000 });
  execFileSync(vite, ['build', '--config', config, '--logLevel', 'error', '--ssr', 'src/entry-server.tsx'], {
    env,
    stdio: 'pipe',
    timeout: 240_000,
  });
  if (!existsSync(path.join(`${distDir}-ssr`, 'entry-server.js'))) throw new Error('The server renderer was not built.');
  return {
    distDir,
    remove() {
      rmSync(distDir, { recursive: true, force: true });
      rmSync(`${distDir}-ssr`, { recursive: true, force: true });
    },
  };
}
