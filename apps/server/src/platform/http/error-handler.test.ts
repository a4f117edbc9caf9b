import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';

/** A bare Fastify with the error handler and routes that fail as a lost database does. */
async function appThrowing(errors: Record<string, () => Error>) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  for (const [path, make] of Object.entries(errors))
    app.get(path, async () => {
      throw make();
    });
  await app.ready();
  return app;
}

describe('error handler: the database out of reach', () => {
  it('answers 503 ERR_DATABASE_UNAVAILABLE for a refused or cut connection, wrapped as drizzle does', async () => {
    const app = await appThrowing({
      '/refused': () => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }),
      '/cut': () => new Error('Connection terminated unexpectedly'),
      '/shutdown': () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      '/bug': () => new TypeError('x is undefined'),
    });
    for (const path of ['/refused', '/cut', '/shutdown']) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(503);
      expect(res.json(), path).toEqual({ error: 'ERR_DATABASE_UNAVAILABLE' });
    }
    // Anything else stays a 500 with a request id only.
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toMatchObject({ error: 'ERR_INTERNAL' });
    await app.close();
  });
});
