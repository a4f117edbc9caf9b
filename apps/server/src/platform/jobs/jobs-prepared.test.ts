import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { preparedOnPool } from './jobs.js';

const url = process.env.DATABASE_URL;

/**
 * pg-boss's own pool on PostgreSQL: its statements with parameters run prepared (planned once per
 * connection), the rest as they are. One connection, so pg_prepared_statements shows its session.
 */
describe.skipIf(!url)("pg-boss's statements on its own pool", () => {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const ran: string[] = [];
  const bossDb = {
    opened: true,
    pool,
    async executeSql(text: string, values: unknown[]) {
      ran.push(text);
      return pool.query(text, values);
    },
  };
  const run = preparedOnPool(bossDb);
  afterAll(() => pool.end());

  it('a statement with parameters is prepared once and then only executed', async () => {
    const text = 'select $1::int + 1 as n /* jobs-prepared.test */';
    for (const v of [1, 2, 3]) expect((await run(text, [v])).rows).toEqual([{ n: v + 1 }]);
    const { rows } = await pool.query(
      `select name from pg_prepared_statements where statement like '%jobs-prepared.test%' and statement not like '%pg_prepared_statements%'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toMatch(/^q_[0-9a-f]{20}$/);
    expect(ran).toEqual([]);
  });

  it('several statements without parameters (its migrations) run as they are, unprepared', async () => {
    const text = 'select 1; select 2 as n /* jobs-prepared.test, several */';
    const res = (await run(text, [])) as unknown as { rows: unknown[] }[];
    expect(res.at(-1)!.rows).toEqual([{ n: 2 }]);
    expect(ran).toEqual([text]);
  });

  it('before pg-boss has opened its pool, or after it closed it, its own runner answers', async () => {
    ran.length = 0;
    bossDb.opened = false;
    await run('select $1::int as n', [5]);
    expect(ran).toEqual(['select $1::int as n']);
    bossDb.opened = true;
  });
});
