import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/helpers/chat';
import { createTestApp, type TestApp } from '../../test/test-app';
import { OVERLOADED } from './load-shedding';

/** Holds the event loop, as a flood of work would. */
function holdEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

describe('load shedding (EVENT_LOOP_DELAY_LIMIT_MS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { EVENT_LOOP_DELAY_LIMIT_MS: '100' } });
  });
  afterAll(() => t.close());

  it('reports the delay on /api/ready while the instance keeps up', async () => {
    await eventually(async () => {
      const ready = await t.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', eventLoopDelayMs: expect.any(Number) });
    });
  });

  it('while the loop is held: 503 problem+json with Retry-After, /api/ready 503, /api/health still 200; then back', async () => {
    await eventually(async () => {
      // Longer than the 1 s sample: the sample taken right after the hold sees little else.
      holdEventLoop(1_200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const shed = await t.app.inject({ method: 'POST', url: '/api/vehicle/search', payload: {} });
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['content-type']).toContain('application/problem+json');
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.json()).toMatchObject({ status: 503, detail: OVERLOADED });
      const ready = await t.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().detail).toContain(OVERLOADED);
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    });
    await eventually(async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/vehicle/search', payload: {} })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    });
  });
});

describe('load shedding off (the default)', () => {
  it('registers nothing and /api/ready says nothing of the load', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.hasDecorator('isUnderPressure')).toBe(false);
      const ready = await t.app.inject({ url: '/api/ready' });
      expect(ready.json()).not.toHaveProperty('eventLoopDelayMs');
    } finally {
      await t.close();
    }
  });
});
