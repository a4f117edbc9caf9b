import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { setEmitter } from '../../platform/realtime/publish.js';
import type { Room } from '../../platform/realtime/realtime.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { notifyDelayedTasks, notifyDelayedTasksJob } from './jobs/notify-delayed-tasks.job.js';

let h: Harness;
let a: Company;
let b: Company;
let owner: Session;
const events: { tenantId: number; room: Room; event: string; payload: { task: { id: number; status: string } } }[] = [];

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  owner = await h.user(a, 'user');
  setEmitter(h.app.platform.db, (tenantId, room, event, payload) => {
    if (event === 'task:delayed') events.push({ tenantId, room, event, payload: payload as never });
  });
});
afterAll(() => h.close());

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const create = async (s: Session, name: string, limitDate: string, ownerId = s.userId) => {
  const res = await h.request('POST', '/tasks', {
    token: s.token,
    body: { name, description: 'd', limitDate, ownerId, priority: 'high' },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number };
};
const delayedIds = () => events.map((e) => e.payload.task.id);

describe('tasks.notify-delayed', () => {
  it("tells each owner once, in the owner's room, when a pending task becomes delayed; also with two sweeps at once", async () => {
    const late = await create(a.admin, 'Atrasada', at(-5), owner.userId);
    const onTime = await create(owner, 'Em dia', at(60));
    // Created due later and then finished with a past limit: created already late, its notice
    // timer (save-task.ts) could run before the PUT and rightly tell of a task still pending.
    const finished = await create(owner, 'Feita', at(60));
    const done = await h.request('PUT', `/tasks/${finished.id}`, {
      token: owner.token,
      body: {
        name: 'Feita',
        description: 'd',
        limitDate: at(-5),
        ownerId: owner.userId,
        priority: 'high',
        status: 'finished',
      },
    });
    expect(done).toMatchObject({ status: 200, body: { status: 'finished' } });
    const lateB = await create(b.admin, 'Atrasada B', at(-1));

    // Two instances sweeping at the same moment (and the app's own cron, which may run meanwhile):
    // each task is claimed by one sweep only.
    await Promise.all([notifyDelayedTasks(h.app.platform.db), notifyDelayedTasks(h.app.platform.db)]);
    await notifyDelayedTasksJob.handler({}, { platform: h.app.platform, attempt: 0 });
    // Events are published after commit; wait for both.
    await expect.poll(() => events.length).toBe(2);
    expect(await notifyDelayedTasks(h.app.platform.db)).toBe(0);
    expect(delayedIds().sort()).toEqual([late.id, lateB.id].sort());
    expect(events.find((e) => e.payload.task.id === late.id)).toMatchObject({
      tenantId: a.tenantId,
      room: { kind: 'user', userId: owner.userId },
      payload: { task: { status: 'delayed', name: 'Atrasada' } },
    });
    expect(events.find((e) => e.payload.task.id === lateB.id)).toMatchObject({
      tenantId: b.tenantId,
      room: { kind: 'user', userId: b.admin.userId },
    });
    expect(delayedIds()).not.toContain(onTime.id);
    expect(delayedIds()).not.toContain(finished.id);
    const row = await withTenant(h.app.platform.db, a.tenantId, (s) => s.first(tasks, eq(tasks.id, late.id)));
    expect(row?.delayNotifiedAt).toBeInstanceOf(Date);

    // Once it is due, the task that was on time is told too; the others are not told again.
    expect(await notifyDelayedTasks(h.app.platform.db, new Date(Date.now() + 61 * 60_000))).toBe(1);
    await expect.poll(() => events.length).toBe(3);
    expect(delayedIds().filter((id) => id === late.id)).toHaveLength(1);
  });

  it('a task whose limit date moves is told again when it becomes delayed again', async () => {
    const t = await create(owner, 'Adiada', at(-1));
    await notifyDelayedTasks(h.app.platform.db);
    await expect.poll(() => delayedIds().filter((id) => id === t.id).length).toBe(1);
    await h.request('PUT', `/tasks/${t.id}`, {
      token: owner.token,
      body: { name: 'Adiada', description: 'd', limitDate: at(-2), ownerId: owner.userId, priority: 'high' },
    });
    await notifyDelayedTasks(h.app.platform.db);
    await expect.poll(() => delayedIds().filter((id) => id === t.id).length).toBe(2);
    await notifyDelayedTasks(h.app.platform.db);
    expect(delayedIds().filter((id) => id === t.id)).toHaveLength(2);
  });

  it('saving a pending task queues its notice for just after its limit date, which tells the owner without a sweep', async () => {
    const limit = new Date(Date.now() + 1500);
    const t = await create(owner, 'Com hora marcada', limit.toISOString());
    // The timer job is in the queue for the limit date plus a second (read from pg-boss's own table).
    const queued = await withTenant(h.app.platform.db, a.tenantId, (scope) =>
      scope.database.raw.execute(
        sql`select start_after from pgboss.job where name = 'tasks.notify-delayed-timer' and singleton_key = ${`task:${t.id}:${limit.getTime()}`}`,
      ),
    );
    const rows = (queued as unknown as { rows: { start_after: Date | string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.start_after).getTime()).toBe(limit.getTime() + 1000);
    // No sweep called here: the timer runs and the owner is told once.
    await expect.poll(() => delayedIds().filter((id) => id === t.id).length, { timeout: 15_000 }).toBe(1);
  });
});

// Two app instances on one PostgreSQL database (the scaled set-up): the claim is the database's.
describe.runIf(!!process.env.DATABASE_URL)('tasks.notify-delayed on two instances', () => {
  it('notifies each delayed task once across both', async () => {
    const second = await startHarness({}, { shareWith: h });
    try {
      const seen: number[] = [];
      for (const app of [h.app, second.app]) {
        setEmitter(app.platform.db, (_tenantId, _room, event, payload) => {
          if (event === 'task:delayed') seen.push((payload as { task: { id: number } }).task.id);
        });
      }
      const ids = await Promise.all(
        Array.from({ length: 20 }, (_, i) => create(owner, `Lote ${i}`, at(-3))).map(async (p) => (await p).id),
      );
      await Promise.all([notifyDelayedTasks(h.app.platform.db), notifyDelayedTasks(second.app.platform.db)]);
      await expect.poll(() => ids.filter((id) => seen.includes(id)).length).toBe(ids.length);
      expect(seen.filter((id) => ids.includes(id))).toHaveLength(ids.length);
    } finally {
      await second.close();
    }
  });
});
