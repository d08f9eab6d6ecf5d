import { flushSync } from 'react-dom';

/**
 * What a navigation asked with `{ flushSync: true }` renders in, given to React Router's
 * RouterProvider as its `react-router/dom` one passes it: React DOM's flushSync (the listing's
 * choices change their URL and results in one synchronous render). Without it the option does
 * nothing. The app's router (main.tsx) and the tests' take it.
 */
export function flushRouterUpdate(update: () => unknown): undefined {
  flushSync(update);
}
