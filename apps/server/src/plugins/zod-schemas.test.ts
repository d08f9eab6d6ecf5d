import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from './error-handler';
import { useZodSchemas, type ResponseCheck } from './zod-schemas';

const Price = z.object({ id: z.string(), priceCents: z.number().int() });

/** Our schema plugin and error handler on a bare app, with one route that answers `answer`. */
async function appAnswering(answer: unknown, responseCheck: ResponseCheck, asText = false) {
  const app = Fastify();
  useZodSchemas(app, { responseCheck });
  registerErrorHandler(app);
  const logged: unknown[] = [];
  app.log.error = (entry: unknown) => void logged.push(entry);
  // Untyped on purpose: the handler returns what the types would refuse, as drifted code might.
  app.get('/price', { schema: { response: { 200: Price } } }, (_request, reply) =>
    asText ? reply.type('application/json').send(JSON.stringify(answer)) : reply.send(answer),
  );
  await app.ready();
  return { app, logged };
}

describe('response schemas', () => {
  it('sends a matching response as the handler returned it', async () => {
    const { app } = await appAnswering({ id: 'a', priceCents: 100, extra: true }, 'fail');
    const res = await app.inject({ method: 'GET', url: '/price' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a', priceCents: 100, extra: true });
    await app.close();
  });

  it('answers 500 for a response that drifted from its schema (tests and development)', async () => {
    const { app } = await appAnswering({ id: 'a', priceCents: '1.00' }, 'fail');
    const res = await app.inject({ method: 'GET', url: '/price' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'internal_error' });
    await app.close();
  });

  it('checks JSON a route serialized itself', async () => {
    const { app } = await appAnswering({ id: 'a' }, 'fail', true);
    const res = await app.inject({ method: 'GET', url: '/price' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });

  it("in 'log' mode sends the drifted response and logs the mismatch", async () => {
    const { app, logged } = await appAnswering({ id: 'a', priceCents: '1.00' }, 'log');
    const res = await app.inject({ method: 'GET', url: '/price' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a', priceCents: '1.00' });
    expect(JSON.stringify(logged)).toContain('priceCents');
    await app.close();
  });
});
