#!/usr/bin/env node
// First-load size (gzip) of screens of a built web app: what the browser fetches before the screen can
// render. That is index.html's scripts, modulepreloads and stylesheets, the route's lazy chunk, the
// files Vite preloads with that chunk (its __vite__mapDeps list, CSS included) and every chunk all of
// those import statically. Chunks the route loads later (import() inside it) are not counted.
//
//   WEB_OUT_DIR=.tmp/web-bundle npx vite build --config apps/web/vite.config.ts
//   node scripts/first-load-size.mjs .tmp/web-bundle [home listing ...] [--max listing=150] [--quiet]
//
// Routes are named by their chunk (app/routes/<name>.tsx -> assets/<name>-<hash>.js); default home
// and listing. --max name=KB exits 1 when that route's first load is larger. Sizes are gzip (zlib's
// default level) in KB of 1024 bytes, one figure per file, summed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const args = process.argv.slice(2);
const dir = args.shift();
if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) {
  console.error('usage: node scripts/first-load-size.mjs <built dir with index.html> [route ...] [--max route=KB] [--quiet]');
  process.exit(2);
}
const routes = [];
const budgets = new Map();
let quiet = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--quiet') quiet = true;
  else if (args[i] === '--max') {
    const [name, kb] = (args[++i] ?? '').split('=');
    if (!name || !Number.isFinite(Number(kb))) throw new Error(`--max wants route=KB, got ${args[i]}`);
    budgets.set(name, Number(kb));
  } else routes.push(args[i]);
}
if (!routes.length) routes.push('home', 'listing');

const read = (file) => fs.readFileSync(path.join(dir, file));
const html = read('index.html').toString('utf8');
// <script src>, <link rel=modulepreload href>, <link rel=stylesheet href> of our own assets.
const htmlAssets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
// The entry is the page's script that loads the screens (the bundler's runtime may come first).
const entry = htmlAssets.find(
  (f) => new RegExp(`<script[^>]+src="/${f.replace(/[.]/g, '\\.')}"`).test(html) && /\bimport\(/.test(read(f).toString('utf8')),
);
if (!entry) throw new Error('no entry <script> in index.html');
const entrySource = read(entry).toString('utf8');

// Vite's preload table: __vite__mapDeps=(i,m=...,d=(m.f||(m.f=["assets/a.js",...])))=>i.map(i=>d[i]).
const table = /m\.f=(\[[^\]]*\])/.exec(entrySource);
const preloadFiles = table ? JSON.parse(table[1]) : [];

/** Static imports and re-exports of a JS chunk (`import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`). */
function staticImports(file) {
  const source = read(file).toString('utf8');
  const base = path.posix.dirname(file);
  return [...source.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.\.?\/[^"']+\.js)["']/g)].map((m) =>
    path.posix.join(base, m[1]),
  );
}

function firstLoad(route) {
  const hashed = new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[\\w-]{8}\\.js$`);
  const chunk = fs.readdirSync(path.join(dir, 'assets')).find((f) => hashed.test(f));
  if (!chunk) throw new Error(`no chunk named ${route}-<hash>.js in ${dir}/assets`);
  // The entry's import() of this chunk and the files preloaded with it.
  const call = new RegExp(
    `import\\([\`"']\\./${chunk.replace(/[.]/g, '\\.')}[\`"']\\)(?:\\s*,\\s*__vite__mapDeps\\(\\[([\\d,\\s]*)\\]\\))?`,
  ).exec(entrySource);
  if (!call) throw new Error(`${chunk} is not loaded lazily by the entry ${entry}`);
  const preloaded = (call[1] ?? '')
    .split(',')
    .filter((s) => s.trim())
    .map((i) => preloadFiles[Number(i)]);
  const seen = new Set();
  const stack = [...htmlAssets, `assets/${chunk}`, ...preloaded];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.js')) stack.push(...staticImports(file));
  }
  const files = [...seen].map((file) => ({ file, gzip: zlib.gzipSync(read(file)).length })).sort((a, b) => b.gzip - a.gzip);
  return { route, chunk, files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}

const kb = (bytes) => (bytes / 1024).toFixed(2).padStart(8);
let failed = false;
const results = routes.map(firstLoad);
for (const { route, files, total } of results) {
  if (!quiet) {
    console.log(`\n${route}:`);
    for (const { file, gzip } of files) console.log(`${kb(gzip)} KB  ${file}`);
  }
  const budget = budgets.get(route);
  const over = budget !== undefined && total / 1024 > budget;
  if (over) failed = true;
  console.log(
    `${kb(total)} KB  ${route} first load (gzip, ${files.length} files)${budget === undefined ? '' : over ? `  OVER the ${budget} KB budget` : `  within ${budget} KB`}`,
  );
}
for (const route of budgets.keys()) if (!routes.includes(route)) throw new Error(`--max names ${route}, which was not measured`);
process.exit(failed ? 1 : 0);
