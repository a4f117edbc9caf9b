import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JOB_END_STATEMENTS, recordJobEndsSafely } from './jobs.js';

const [complete] = [...JOB_END_STATEMENTS];
const cut = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
const logged: unknown[] = [];
const log = { error: (obj: unknown) => void logged.push(obj) } as unknown as FastifyBaseLogger;

/** A database that fails the first `failures` statements with `error`, then answers. */
function database(failures: number, error: () => Error) {
  const calls: string[] = [];
  const run = async (text: string) => {
    calls.push(text);
    if (calls.length <= failures) throw error();
    return { rows: [{ ok: true }] };
  };
  return { calls, run };
}

describe("a job's end while the database is away (pg-boss does not await it)", () => {
  it('is retried until the database answers, and never rejects', async () => {
    const db = database(2, cut);
    await expect(recordJobEndsSafely(db.run, log)(complete!, [])).resolves.toEqual({ rows: [{ ok: true }] });
    expect(db.calls).toHaveLength(3);
  });

  it('an error that is not the database being away is logged, not thrown', async () => {
    logged.length = 0;
    const db = database(1, () => new Error('syntax error'));
    await expect(recordJobEndsSafely(db.run, log)(complete!, [])).resolves.toEqual({ rows: [] });
    expect(db.calls).toHaveLength(1);
    expect(logged).toHaveLength(1);
  });

  it('every other statement fails as it did (its caller awaits it)', async () => {
    const db = database(1, cut);
    await expect(recordJobEndsSafely(db.run, log)('select 1', [])).rejects.toThrow('ECONNRESET');
  });

  it("knows both of pg-boss's statements that record an end", () => {
    expect(JOB_END_STATEMENTS.size).toBe(2);
    for (const text of JOB_END_STATEMENTS) expect(text).toMatch(/pgboss\.job/);
  });
});
