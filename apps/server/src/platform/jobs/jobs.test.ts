import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startHarness, type Harness } from '../../test/harness.js';
import { defineJob } from './define-job.js';
import { createJobs, type Jobs } from './jobs.js';

const seen: { tenantId: number; n: number; scoped: number | undefined; attempt: number }[] = [];
let failuresLeft = 1;
const testJob = defineJob({
  id: 'test.record',
  schema: z.object({ tenantId: z.number(), n: z.number() }),
  retryDelaySeconds: 1,
  retryBackoff: false,
  async handler(data, ctx) {
    if (data.n === 99 && failuresLeft-- > 0) throw new Error('provider said 500');
    seen.push({ ...data, scoped: ctx.scope?.tenantId, attempt: ctx.attempt });
  },
});

let h: Harness;
let jobs: Jobs;
beforeAll(async () => {
  h = await startHarness();
  jobs = createJobs(h.app.platform.db, [testJob], h.app.log, 0.5);
  await jobs.start(h.app.platform);
});
afterAll(async () => {
  await jobs.stop();
  await h.close();
});

async function until(cond: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
}

describe(`jobs (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('runs a job inside the scope of its tenant', async () => {
    await jobs.send(testJob, { tenantId: 7, n: 1 });
    await until(() => seen.some((s) => s.n === 1));
    expect(seen.find((s) => s.n === 1)).toMatchObject({ tenantId: 7, scoped: 7 });
  });

  it('retries a failed job', async () => {
    await jobs.send(testJob, { tenantId: 7, n: 99 });
    await until(() => seen.some((s) => s.n === 99));
    expect(seen.filter((s) => s.n === 99)).toHaveLength(1);
    expect(failuresLeft).toBeLessThan(0);
  });

  it('rejects a payload that does not match its schema', async () => {
    await expect(jobs.send(testJob, { tenantId: 'x', n: 1 } as never)).rejects.toThrow();
  });
});
