import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { onQueueTables } from './jobs.js';

type Plans = {
  fetchNextJob: (schema: string) => (o: object) => string;
  completeJobs: (schema: string) => string;
  failJobsById: (schema: string) => string;
  insertJobs: (schema: string) => string;
};
/** pg-boss's statements, as its manager builds them (pg-boss 10.4, plans.js). */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Plans;

/** A runner that records what it was sent. */
function recorder() {
  const sent: { text: string; values: unknown[] }[] = [];
  const run = async (text: string, values: unknown[]) => {
    sent.push({ text, values });
    return { rows: [] };
  };
  return { sent, run };
}

const tables = new Map([['messages.send', 'j190cb99e708090275f302decf1fc8ff71b16590b8586a8c15e81c781']]);

describe("pg-boss's fetch and complete on the queue's own table", () => {
  it('every variant of the fetch, and the complete, read the named queue’s table with the same values', async () => {
    const { sent, run } = recorder();
    const onTables = onQueueTables(run, tables);
    const texts = [
      ...[true, false].flatMap((includeMetadata) =>
        [true, false].flatMap((priority) =>
          [true, false].map((ignoreStartAfter) =>
            plans.fetchNextJob('pgboss')({ includeMetadata, priority, ignoreStartAfter }),
          ),
        ),
      ),
      plans.completeJobs('pgboss'),
    ];
    for (const text of texts) await onTables(text, ['messages.send', 3]);
    expect(sent).toHaveLength(texts.length);
    sent.forEach(({ text, values }, i) => {
      expect(values).toEqual(['messages.send', 3]);
      // Nothing of the partitioned parent is left; only the table's name changed.
      expect(text).not.toMatch(/pgboss\.job\s/);
      expect(text).toContain('pgboss.j190cb99e708090275f302decf1fc8ff71b16590b8586a8c15e81c781');
      expect(text.replaceAll('pgboss.j190cb99e708090275f302decf1fc8ff71b16590b8586a8c15e81c781', 'pgboss.job')).toBe(
        texts[i],
      );
    });
  });

  it('a queue it does not know, and every other statement, go as pg-boss sends them', async () => {
    const { sent, run } = recorder();
    const onTables = onQueueTables(run, tables);
    const fetch = plans.fetchNextJob('pgboss')({ includeMetadata: true });
    const others = [
      plans.failJobsById('pgboss'),
      plans.insertJobs('pgboss'),
      'select distinct name from pgboss.job where name = any($1::text[])',
    ];
    await onTables(fetch, ['campaigns.send', 1]);
    for (const text of others) await onTables(text, ['messages.send', []]);
    await onTables(fetch, [['messages.send'], 1]);
    expect(sent.map((s) => s.text)).toEqual([fetch, ...others, fetch]);
  });
});
