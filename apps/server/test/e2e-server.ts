import { startServer } from '../src/start-server';
import { testHookRoutes } from './test-hooks';

/**
 * The server the end-to-end suite runs (scripts/e2e-server.mjs) and the crash test starts: the
 * production start plus the time-travel hooks when E2E_TEST_HOOKS is set (playwright.config.ts sets it).
 */
await startServer({ extraRoutes: testHookRoutes });
