#!/usr/bin/env node
// The web app runs on React itself (ADR 016): fails when the browser build or the server renderer's
// build contains Preact, or when either lacks React DOM.
//
//   node scripts/check-react-build.mjs <browser build dir>   (the renderer is read from '<dir>-ssr')
//
// Preact leaves its name in the renderer's bundle and, minified in the browser's, its compatibility
// layer's `__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED` export (React 19 has no such name).
// React DOM 19 is recognised by the internals object its client and server share.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) {
  console.error('usage: node scripts/check-react-build.mjs <built dir with index.html>');
  process.exit(2);
}
const PREACT = [/(?<![A-Za-z])preact(?![A-Za-z])/, /__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED/];
const REACT_DOM =
  /__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE|__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE/;

function scripts(root) {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(m?js)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

let failed = false;
for (const [label, root] of [
  ['browser build', dir],
  ['server renderer', `${path.resolve(dir)}-ssr`],
]) {
  const files = scripts(root);
  if (!files.length) {
    console.log(`${label}: no scripts in ${root}`);
    failed = true;
    continue;
  }
  let hasReactDom = false;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of PREACT) {
      if (pattern.test(text)) {
        console.log(`${label}: ${path.relative(root, file)} contains Preact (${pattern})`);
        failed = true;
      }
    }
    if (REACT_DOM.test(text)) hasReactDom = true;
  }
  if (!hasReactDom) {
    console.log(`${label}: no React DOM in ${root}`);
    failed = true;
  } else if (!failed) console.log(`${label}: React DOM, no Preact (${files.length} scripts)`);
}
process.exit(failed ? 1 : 0);
