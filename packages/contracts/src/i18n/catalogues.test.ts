import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales';

/**
 * Every catalogue of apps/web/lingui.config.ts (the web app's and the api's), every language: no
 * message English has may be missing or left untranslated, and a translation must use the same ICU
 * arguments (and the same rich-text tags) as the English message, so no value or link is lost.
 */
const configPath = fileURLToPath(new URL('../../../../apps/web/lingui.config.ts', import.meta.url));
const config = getConfig({ configPath, skipValidation: true });
const rootDir = config.rootDir ?? '';

type Entry = { message?: string; translation?: string };
type Catalogue = Record<string, Entry>;

const read = (file: string): Catalogue => JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue;

/** The arguments a message uses ('count:plural', 'name') and its numbered tags ('<0>'), sorted. */
export function messageArguments(message: string): string[] {
  const found = new Set<string>();
  // A compiled message is a string, or a list of parts: text, or a token [name, type?, branches?]
  // whose branches are lists of parts again.
  const walk = (parts: unknown): void => {
    if (typeof parts !== 'string' && !Array.isArray(parts)) return; // e.g. a plural's offset
    for (const part of typeof parts === 'string' ? [parts] : (parts as unknown[])) {
      if (typeof part === 'string') {
        for (const tag of part.matchAll(/<(\d+)\/?>/g)) found.add(`<${tag[1]}>`);
      } else if (Array.isArray(part)) {
        const [name, type, branches] = part as [string, string?, Record<string, unknown>?];
        found.add(type ? `${name}:${type}` : name);
        if (branches && typeof branches === 'object') for (const branch of Object.values(branches)) walk(branch);
      }
    }
  };
  walk(compileMessage(message));
  return [...found].sort();
}

const catalogues = config.catalogs!.map((catalog) => catalog.path.replace('<rootDir>', rootDir));

describe.each(catalogues)('catalogue %s', (base) => {
  const english = read(`${base.replace('{locale}', 'en')}.json`);
  const ids = Object.keys(english);

  it('has English messages', () => {
    expect(ids.length).toBeGreaterThan(0);
  });

  describe.each(LOCALES.filter((l) => l !== 'en'))('%s', (locale) => {
    const file = `${base.replace('{locale}', locale)}.json`;
    const catalogue = fs.existsSync(file) ? read(file) : {};

    it('translates every message English has', () => {
      const missing = ids.filter((id) => !catalogue[id]?.translation?.trim());
      expect(missing.map((id) => `${id}: ${english[id]!.message}`)).toEqual([]);
    });

    it('uses the same ICU arguments and tags as English', () => {
      const differing = ids
        .filter((id) => catalogue[id]?.translation)
        .filter((id) => messageArguments(catalogue[id]!.translation!).join() !== messageArguments(english[id]!.message ?? id).join())
        .map((id) => `${id}: '${english[id]!.message}' vs '${catalogue[id]!.translation}'`);
      expect(differing).toEqual([]);
    });
  });
});

describe('messageArguments (the check itself)', () => {
  it('finds plain, plural and nested arguments and tags', () => {
    expect(messageArguments('{count, plural, one {# review by {name}} other {# reviews}} <0>more</0>')).toEqual([
      '<0>',
      'count:plural',
      'name',
    ]);
  });

  it('tells a translation that drops or renames an argument', () => {
    expect(messageArguments('Page {page} of {total}')).not.toEqual(messageArguments('Seite {seite} von {total}'));
    expect(messageArguments('{count, plural, one {# day} other {# days}}')).not.toEqual(messageArguments('{count} Tage'));
  });
});

it('lists the catalogue folders it checks', () => {
  expect(catalogues.map((c) => path.relative(rootDir, c))).toEqual(
    expect.arrayContaining(['apps/web/src/i18n/locales/{locale}', 'packages/contracts/src/i18n/{locale}']),
  );
});
