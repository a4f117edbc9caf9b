import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.js';
import { inlineParams, withTenant } from './tenant-scope.js';

describe('inlineParams (runMemo inline)', () => {
  it('writes numbers, booleans, null, dates and strings as literals, doubling quotes', () => {
    const q = inlineParams({
      sql: 'select $1, $2, $3, $4, $5, $10',
      params: [2, true, null, new Date('2026-11-23T10:00:00.000Z'), "d'Ávila", 1, 1, 1, 1, 'x'],
    });
    expect(q).toEqual({
      sql: "select 2, true, null, '2026-11-23T10:00:00.000Z', 'd''Ávila', 'x'",
      params: [],
    });
  });

  it('refuses what it cannot write safely', () => {
    expect(() => inlineParams({ sql: 'select $1', params: [{ a: 1 }] })).toThrow(/literal/);
    expect(() => inlineParams({ sql: 'select $1', params: ['a\u0000b'] })).toThrow(/literal/);
    expect(() => inlineParams({ sql: 'select $2', params: [1] })).toThrow(/no parameter/);
    expect(() => inlineParams({ sql: 'select $1', params: [Number.NaN] })).toThrow(/literal/);
  });
});

describe(`runMemo inline (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('gives the same rows as the parameterised statement, quotes and all', async () => {
    const c = await h.company();
    const build = () =>
      sql`select ${"o'neil; drop table x --"}::text as s, ${41}::int as n, ${false}::boolean as b, ${null}::text as z`;
    const run = (inline: boolean) =>
      withTenant(h.app.platform.db, c.tenantId, (s) => s.runMemo(`test.inline.${inline}`, build, {}, { inline }));
    const expected = [{ s: "o'neil; drop table x --", n: 41, b: false, z: null }];
    expect(await run(true)).toEqual(expected);
    expect(await run(false)).toEqual(expected);
    // Memoised: the second run of the inline statement gives the same.
    expect(await run(true)).toEqual(expected);
  });
});
