#!/usr/bin/env node
// Extracts the messages (lingui extract) and fills their translations from a JSON file, under a lock
// so that two engineers' runs never write the catalogues at once.
//
//   npm run i18n:translate -- translations.json   fill: { "English message": { "de": "…", "fr": "…", … } }
//   npm run i18n:translate -- --missing            list the messages a language still lacks (after extracting)
//
// A translation replaces the one in the catalogue only where it is empty, unless --force is given.
// The English message is the key, exactly as in the code (with its {placeholders} and <0>tags</0>).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANGUAGES = ['de', 'fr', 'es', 'it', 'nl'];
const CATALOGUE_DIRS = [
  // The shared first-load catalogue sits in locales/ itself (locales/de.json), the pages' in its folders.
  path.join(root, 'apps/web/src/i18n/locales'),
  ...fs
    .readdirSync(path.join(root, 'apps/web/src/i18n/locales'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(root, 'apps/web/src/i18n/locales', d.name)),
  path.join(root, 'packages/contracts/src/i18n'),
];

const args = process.argv.slice(2);
const force = args.includes('--force');
const missingOnly = args.includes('--missing');
const file = args.find((a) => !a.startsWith('--'));
if (!missingOnly && !file) {
  console.error('usage: npm run i18n:translate -- <translations.json> [--force] | --missing');
  process.exit(2);
}
const wanted = file ? JSON.parse(fs.readFileSync(path.resolve(file), 'utf8')) : {};

// One writer at a time, across every checkout of this machine.
const lock = path.join(os.tmpdir(), 'rentdrive-i18n.lock');
const deadline = Date.now() + 300_000;
for (;;) {
  try {
    fs.mkdirSync(lock);
    break;
  } catch {
    // A lock left by a run that died more than five minutes ago is stale.
    try {
      if (Date.now() - fs.statSync(lock).mtimeMs > 300_000) fs.rmSync(lock, { recursive: true, force: true });
    } catch {
      // Gone meanwhile: the next mkdir takes it.
    }
    if (Date.now() > deadline) throw new Error(`Could not take ${lock} within five minutes.`);
    execFileSync('sleep', ['0.5']);
  }
}
let status = 0;
try {
  execFileSync('npx', ['lingui', 'extract', '--config', 'apps/web/lingui.config.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const used = new Set();
  const missing = [];
  for (const dir of CATALOGUE_DIRS) {
    for (const lang of LANGUAGES) {
      const target = path.join(dir, `${lang}.json`);
      if (!fs.existsSync(target)) continue;
      const catalogue = JSON.parse(fs.readFileSync(target, 'utf8'));
      let changed = false;
      for (const entry of Object.values(catalogue)) {
        const text = wanted[entry.message]?.[lang];
        if (text !== undefined) used.add(entry.message);
        if (text !== undefined && (force || !entry.translation?.trim()) && entry.translation !== text) {
          entry.translation = text;
          changed = true;
        }
        if (!entry.translation?.trim()) missing.push(`${path.relative(root, target)}: ${entry.message}`);
      }
      if (changed) fs.writeFileSync(target, `${JSON.stringify(catalogue, null, 2)}\n`);
    }
  }
  const unused = Object.keys(wanted).filter((m) => !used.has(m));
  if (unused.length) {
    console.error(`Not in any catalogue (check the exact English text, or run where the code uses it):\n  ${unused.join('\n  ')}`);
    status = 1;
  }
  if (missing.length) {
    console.log(`Still untranslated (${missing.length}):\n  ${missing.join('\n  ')}`);
    status = 1;
  } else {
    console.log('Every message is translated in every language.');
  }
} finally {
  fs.rmSync(lock, { recursive: true, force: true });
}
process.exit(status);
