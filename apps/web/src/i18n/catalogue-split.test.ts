import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD } from '../../i18n-first-load';

/**
 * The English messages of the components outside a public page's first load are in the `more`
 * catalogue, which arrives with those components (more-messages.ts): a component there that uses a
 * Lingui macro without importing it would show message ids instead of English.
 */
const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const isFirstLoad = (relative: string) => FIRST_LOAD.some((p) => relative === p || relative.startsWith(`${p}/`));
const usesMacros = (source: string) => /from '@lingui\/(?:react|core)\/macro'/.test(source);

describe('catalogue split', () => {
  const files = sourceFiles(src)
    .map((file) => ({ relative: path.relative(src, file).split(path.sep).join('/'), source: fs.readFileSync(file, 'utf8') }))
    .filter((f) => usesMacros(f.source) && !f.relative.startsWith('i18n/'));

  it('lists first-load paths that exist', () => {
    for (const p of FIRST_LOAD) expect(fs.existsSync(path.join(src, p)), p).toBe(true);
  });

  it('every component outside the first load imports the more catalogue; none inside does', () => {
    const wrong = files.filter((f) => isFirstLoad(f.relative) === /i18n\/more-messages'/.test(f.source)).map((f) => f.relative);
    expect(wrong).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });
});
