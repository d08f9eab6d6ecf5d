import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { i18nPlugins } from './apps/web/vite-i18n';

/**
 * Projects: 'unit' (pure code), 'server' (route and service suites on PGlite), 'server-pg' (the
 * suites that depend on PostgreSQL's own behaviour, when TEST_DATABASE_URL is set) and 'web'
 * (components in jsdom).
 */
const serverSuites = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * What runs a second time on PostgreSQL. PGlite is PostgreSQL itself (the same SQL, planner and
 * constraints) but one connection in one process: what it cannot show is several connections at
 * once (row locks, advisory locks, a unique index racing two inserts, LISTEN/NOTIFY between
 * instances, transactions that interleave). So the second run holds the `*.pg-only` suites and the
 * suites that race requests or instances against each other; a route suite that creates, reads and
 * changes rows one request at a time runs once, on PGlite (it ran on both until issue 23: 86 files,
 * 829 s of file time on PostgreSQL, of which these are about 215 s). A new suite that races
 * connections goes in this list, or is named `*.pg-only.test.ts` when PGlite cannot run it at all.
 */
const postgresSuites = [
  'apps/server/src/**/*.pg-only.test.ts',
  // Two simultaneous registrations of one name or email: the unique index decides, one gets 409.
  'apps/server/src/modules/account/account-register.test.ts',
  // Failed sign-ins counted and the account locked while a dozen arrive at once.
  'apps/server/src/modules/account/account-login-throttle.test.ts',
  // Simultaneous rentals of one vehicle and one wallet.
  'apps/server/src/modules/rentals/concurrent-requests.test.ts',
  // The audit event and its action commit or roll back together (a trigger refuses the event).
  'apps/server/src/modules/audit/audit-in-transaction.test.ts',
  // Two digest runs at once mail once.
  'apps/server/src/modules/mail/chat-digest.test.ts',
  // Delivery through pg-boss's queue (row locks, SKIP LOCKED) to a real SMTP server (ADR 020).
  'apps/server/src/modules/mail/mail-smtp.test.ts',
  // The change feed read by concurrent catch-ups, notifications between instances, two instances' indexes.
  'apps/server/src/modules/search/sync/search-sync.test.ts',
  'apps/server/src/modules/search/sync/search-notify.test.ts',
  'apps/server/src/modules/search/search-instances.test.ts',
  // Two instances sweeping orphan images: an advisory lock lets one sweep.
  'apps/server/src/modules/vehicles/image-sweep.test.ts',
  // A data migration's SQL on a ledger written before it.
  'apps/server/src/modules/wallet/funds-migration.test.ts',
  'apps/server/src/realtime/**/*.int.test.ts',
];
/**
 * Every project shares one module cache per worker (`isolate: false`): a worker imports the app
 * (Fastify, Drizzle, the AWS SDK, React, Testing Library, the catalogues...) once, not once per test
 * file in a new process. Measured on 12 server files: 106 s of CPU isolated, 67 s shared; 16 web files
 * 38 s and 16 s (docs/performance.md, "Test suite"). It holds because every server file builds its own
 * app on its own database copy and closes it in afterAll, the server keeps no module state a test reads
 * (metrics live in each app's registry), and the web setup file resets timers, stubs and storage after
 * each file. A new test file must leave nothing behind either: close what it opens, restore what it
 * stubs.
 */
const shared = { isolate: false } as const;

export default defineConfig({
  test: {
    // Two cores: more workers only thrash (each server worker holds a PGlite instance).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          ...shared,
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          ...shared,
          include: serverSuites,
          exclude: ['**/*.pg-only.test.ts', '**/node_modules/**'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/setup-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-pg',
                ...shared,
                include: postgresSuites,
                environment: 'node',
                globalSetup: ['apps/server/test/global-setup.ts'],
                setupFiles: ['apps/server/test/setup-file.ts'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
                env: { TEST_DB_KIND: 'postgres' },
              },
            },
          ]
        : []),
      {
        plugins: [...i18nPlugins(), react()],
        test: {
          name: 'web',
          ...shared,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Form tests type into many fields; on a busy 2-core machine 5 s is too tight.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
