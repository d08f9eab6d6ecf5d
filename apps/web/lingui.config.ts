import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-json';
import { FIRST_LOAD, PAGE_CATALOGUES, SHARED_FIRST_LOAD } from './i18n-first-load';

/**
 * Message catalogues (ADR 018). `npm run i18n:extract` collects the messages from the code with
 * Lingui's extractor; the catalogues are compiled when imported (`?lingui`, apps/web/vite-i18n.ts),
 * at build and in tests. `web`: everything the web app shows. `api`: the texts the server answers
 * (contracts' validation messages, refusals), translated on the server and by the web's forms.
 */

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'es', 'it', 'nl', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  rootDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
  format: formatter({ style: 'lingui', origins: false }),
  orderBy: 'messageId',
  catalogs: [
    {
      path: '<rootDir>/apps/web/src/i18n/locales/{locale}',
      include: SHARED_FIRST_LOAD.map((p) => `<rootDir>/apps/web/src/${p}`),
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    ...Object.entries(PAGE_CATALOGUES).map(([page, files]) => ({
      path: `<rootDir>/apps/web/src/i18n/locales/${page}/{locale}`,
      include: files.map((p) => `<rootDir>/apps/web/src/${p}`),
    })),
    {
      path: '<rootDir>/apps/web/src/i18n/locales/more/{locale}',
      include: ['<rootDir>/apps/web/src'],
      exclude: [
        '**/*.test.ts',
        '**/*.test.tsx',
        '**/test/**',
        ...FIRST_LOAD.map((p) => `<rootDir>/apps/web/src/${p}${/\.tsx?$/.test(p) ? '' : '/**'}`),
      ],
    },
    {
      path: '<rootDir>/packages/contracts/src/i18n/{locale}',
      include: ['<rootDir>/packages/contracts/src', '<rootDir>/apps/server/src'],
      exclude: ['**/*.test.ts', '**/test/**'],
    },
  ],
});
