import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INSIDE_PAGE, PAGE_CATALOGUES, SHARED_FIRST_LOAD } from '../../i18n-first-load';

/**
 * The English messages of a page catalogue or of `more` arrive with the components that import their
 * module (home-, listing-, vehicle-, more-messages.ts, ADR 018): a component that uses a Lingui macro
 * without importing its catalogue's module would show message ids instead of English.
 */
const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const inList = (list: readonly string[], relative: string) => list.some((p) => relative === p || relative.startsWith(`${p}/`));

/** The catalogue module a component must import: none for the shared first-load catalogue. */
function expectedModule(relative: string): string | null {
  if (inList(SHARED_FIRST_LOAD, relative) || INSIDE_PAGE.includes(relative)) return null;
  const page = Object.entries(PAGE_CATALOGUES).find(([, files]) => inList(files, relative))?.[0];
  return `${page ?? 'more'}-messages`;
}
const usesMacros = (source: string) => /from '@lingui\/(?:react|core)\/macro'/.test(source);

describe('catalogue split', () => {
  const files = sourceFiles(src)
    .map((file) => ({ relative: path.relative(src, file).split(path.sep).join('/'), source: fs.readFileSync(file, 'utf8') }))
    .filter((f) => usesMacros(f.source) && !f.relative.startsWith('i18n/'));

  it('lists paths that exist', () => {
    for (const p of [...SHARED_FIRST_LOAD, ...Object.values(PAGE_CATALOGUES).flat()])
      expect(fs.existsSync(path.join(src, p)), p).toBe(true);
  });

  it('every component imports its catalogue module and no other', () => {
    const wrong = files
      .filter((f) => {
        const imported = [...f.source.matchAll(/i18n\/(\w+-messages)'/g)].map((m) => m[1]);
        const expected = expectedModule(f.relative);
        return imported.join() !== (expected ?? '');
      })
      .map((f) => `${f.relative} (wants ${expectedModule(f.relative) ?? 'none'})`);
    expect(wrong).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });
});
