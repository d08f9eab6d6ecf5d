import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
/** An absolute glob: import-x matches `except` globs against absolute paths without resolving them. */
const abs = (glob) => path.join(root, glob);
const subfolders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

// A feature is a slice of the product; two features that import each other can no longer change
// apart, and a feature reaching into `app/` (routes, layouts) turns the one-way app -> features ->
// shared flow into a knot. What two features share moves down to `components/` or `lib/`.
const webFeatureZones = subfolders(`${WEB}/features`).map((feature) => ({
  target: abs(`${WEB}/features/${feature}/**`),
  from: [abs(`${WEB}/features/*/**`)],
  except: [abs(`${WEB}/features/${feature}/**`)],
  message: 'A feature never imports another feature: move what both need to components/ or lib/.',
}));
const webZones = [
  ...webFeatureZones,
  {
    target: abs(`${WEB}/features/**`),
    from: abs(`${WEB}/app/**`),
    message: 'Features never import app/ (routes, layouts, guards): app composes features, not the reverse.',
  },
  {
    target: [abs(`${WEB}/components/**`), abs(`${WEB}/lib/**`), abs(`${WEB}/test/**`)],
    from: [abs(`${WEB}/features/**`), abs(`${WEB}/app/**`)],
    message: 'Shared code (components/, lib/, test/) never imports features or app/.',
  },
];

// A server module is used by others only through its service, so its routes, repository and
// internal helpers can change without touching another module.
const serverModuleZones = subfolders(`${SERVER}/modules`).map((module) => ({
  target: abs(`${SERVER}/modules/${module}/**`),
  from: [abs(`${SERVER}/modules/*/**`)],
  except: [abs(`${SERVER}/modules/${module}/**`), abs(`${SERVER}/modules/*/*.service.ts`)],
  message: "A module uses another module only through that module's *.service.ts.",
}));
// The layers below the features (HTTP plugins, shared helpers, the database, configuration, the
// realtime server, storage and page rendering) serve every module and know none: a module reaches them
// with what they need (buildApp passes resolvers and callbacks), never the other way round.
const SERVER_LOWER_LAYERS = ['plugins', 'lib', 'db', 'config', 'realtime', 'storage', 'web-render'];
const serverZones = [
  {
    target: SERVER_LOWER_LAYERS.map((layer) => abs(`${SERVER}/${layer}/**`)),
    from: [abs(`${SERVER}/modules/**`)],
    message: 'Lower layers (plugins, lib, db, ...) never import a feature module: pass in what they need.',
  },
  {
    // Routes hold no SQL: they parse, call a service and answer; the service and repository own the database.
    target: abs(`${SERVER}/**/*.routes.ts`),
    from: [abs(`${SERVER}/db/**`)],
    message: 'Route files never import db/: go through the module service.',
  },
];

const packageZones = [
  {
    // The packages sit below both apps; an import upwards would tie the shared rules to one app.
    target: abs('packages/**'),
    from: [abs('apps/**')],
    message: 'packages/* never import apps.',
  },
];

const API_PATH_MESSAGE = 'Name the path in packages/contracts/src/paths.ts and use that constant.';

// Each workspace declares the packages it imports (issue 23), so a workspace's package.json says what
// it needs and an import that works only because the root or a sibling installed the package fails
// lint. A workspace's code is checked against its own package.json (the nearest one), `dependencies`
// only: what runs in production. Its tests, test helpers and build configs may also use its
// `devDependencies` and the root's (the tools every workspace shares: vitest, fast-check, playwright).
const WORKSPACES = ['apps/server', 'apps/web', 'packages/contracts', 'packages/domain'];
const WORKSPACE_TOOL_FILES = [
  '**/*.test.{ts,tsx}',
  'test/**',
  'src/test/**',
  // Shared by the pseudo-locale tests (Testing Library, vitest); no screen imports it.
  'src/i18n/pseudo-locale-check.tsx',
  // drizzle-kit's API, for the migrations test and `npm run db:snapshot`; the server never loads it.
  'src/db/migration-snapshots.ts',
  '*.{ts,mjs,js}',
];
const dependencyRules = [
  {
    files: WORKSPACES.map((dir) => `${dir}/src/**/*.{ts,tsx,js,mjs}`),
    rules: { 'import-x/no-extraneous-dependencies': ['error', { devDependencies: false }] },
  },
  ...WORKSPACES.map((dir) => ({
    files: WORKSPACE_TOOL_FILES.map((glob) => `${dir}/${glob}`),
    rules: {
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: true, packageDir: [path.join(root, dir), root] }],
    },
  })),
  {
    // The root's own files: configs, e2e specs, scripts and benchmarks use the root's packages. The
    // benchmarks and scripts drive the server (its app, its database, its S3 client) and may use the
    // server's packages; the Vitest config builds the web project with the web app's Vite plugins.
    files: ['*.{ts,js,mjs}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: { 'import-x/no-extraneous-dependencies': ['error', { devDependencies: true, packageDir: [root] }] },
  },
  {
    files: ['bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: {
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: true, packageDir: [root, path.join(root, 'apps/server')] }],
    },
  },
  {
    files: ['vitest.config.ts'],
    rules: {
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: true, packageDir: [root, path.join(root, 'apps/web')] }],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '.tmp/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // A switch over a union names every member (or has a default): a new member is a compile-time list of places to decide.
    files: ['**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }] },
  },
  {
    // A file over 400 lines of code (blank lines and comments aside) holds several jobs: cut it along its seams.
    // Tests and generated code (migrations, ignored above) are exempt.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.spec.ts', 'apps/server/test/**', 'apps/web/src/test/**', 'e2e/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['apps/web/**/*.tsx'],
    rules: {
      // A JSX event handler may return a promise: react-hook-form's `handleSubmit(...)` does, as do our
      // async submit handlers. React ignores the value; each of those handlers catches its own errors and
      // shows them on the form, so nothing is left unhandled. Every other place a promise is misused
      // (conditions, spreads, non-JSX callbacks) is still checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // The plain JavaScript files (this config, the node scripts) are not in tsconfig.json.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // Which files import-x reads (to follow cycles) and how: TypeScript through typescript-eslint's parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      // A cycle makes load order matter and hides which layer depends on which.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Imports first, in groups (Node's, packages, @rentdrive/*, then relative), alphabetical in each.
      'import-x/first': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '@rentdrive/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones, ...serverModuleZones, ...packageZones] }],
      // Files and folders kebab-case; the middle part names the role (`rentals.routes.ts`, `vehicles.pg-only.test.ts`).
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,bench,scripts}/**/': 'KEBAB_CASE' }],
    },
  },
  ...dependencyRules,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Imports flow one way: the apps never import each other.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/server/**', '@rentdrive/server*'] }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/web/**', '@rentdrive/web*'] }] },
  },
  {
    // Every HTTP path is named once, in packages/contracts/src/paths.ts, for both apps; a literal copy
    // in a route or a call would drift from it unseen. Tests keep literals: a test that requests the
    // wire path itself proves the path did not change.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api\\//]', message: API_PATH_MESSAGE },
        { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: API_PATH_MESSAGE },
      ],
    },
  },
  {
    // Specs take test/expect from the shared fixture, which fails a test on browser console errors.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import { test, expect } from './support/test': it fails a test on browser console errors.",
            },
          ],
        },
      ],
    },
  },
  {
    // The packages stay framework-free so both apps (and the benchmarks) can use them.
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/**', 'fastify', 'react', 'drizzle-orm*'] }] },
  },
  {
    // Server tests read the answers of inject()/fetch() as untyped JSON on purpose (`res.json()` is
    // `any`): they assert the wire shape a client sees, not the server's types, so declaring a type
    // for every answer would only restate what the assertion checks. The no-unsafe-* rules report
    // each such read. require-await too is noise here: fakes stand in for async interfaces (gateways,
    // stores, listeners) and the route-access cases share one async signature, so an `async` without
    // an `await` is the point, not a slip. Everything else in the type-aware set applies to tests.
    files: ['apps/server/**/*.test.ts', 'apps/server/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
);
