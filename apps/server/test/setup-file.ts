import { afterAll } from 'vitest';
import { closeLeftoverTestApps } from './test-app';

// The server files share one worker and its modules (vitest.config.ts, `isolate: false`): when a file
// ends, the apps it left open are closed, so their jobs and databases do not run into the next file.
// Registered before the file's own hooks, so it runs after them (after-hooks run in reverse order).
afterAll(closeLeftoverTestApps);
