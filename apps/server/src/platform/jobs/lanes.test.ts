import { describe, expect, it } from 'vitest';
import { lanesOf, runInLanes } from './jobs.js';

type Item = { id: string; data: { lane?: string; n: number } };
const items = (...spec: [string | undefined, number][]): Item[] =>
  spec.map(([lane, n]) => ({ id: `j${n}`, data: { ...(lane === undefined ? {} : { lane }), n } }));
const laneOf = (d: never) => (d as Item['data']).lane ?? 'none';

/** A handler that records when each job starts and ends, and how many run at once. */
function recorder(fail: number[] = []) {
  const log: string[] = [];
  let running = 0;
  let most = 0;
  const run = async (item: Item) => {
    log.push(`start ${item.data.n}`);
    running++;
    most = Math.max(most, running);
    // Each job yields to the others twice, as a provider call would.
    await Promise.resolve();
    await new Promise((r) => setImmediate(r));
    running--;
    log.push(`end ${item.data.n}`);
    if (fail.includes(item.data.n)) throw new Error(`job ${item.data.n} failed`);
  };
  return { log, run, most: () => most };
}

describe('a batch in lanes', () => {
  it('groups the jobs of a lane in fetch order, the lanes in the order first seen', () => {
    const batch = items(['a', 1], ['b', 2], ['a', 3], [undefined, 4], ['b', 5], ['a', 6]);
    expect(lanesOf(batch, laneOf).map((l) => l.map((i) => i.data.n))).toEqual([[1, 3, 6], [2, 5], [4]]);
    // Without lanes, every job is its own; a lane that cannot be read is one of its own.
    expect(lanesOf(batch).map((l) => l.length)).toEqual([1, 1, 1, 1, 1, 1]);
    const unreadable = () => {
      throw new Error('no lane');
    };
    expect(lanesOf(batch.slice(0, 2), unreadable).map((l) => l.map((i) => i.data.n))).toEqual([[1], [2]]);
  });

  it("puts the batch in pg-boss's order first (it hands a batch over in no particular order)", () => {
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
    const batch = [
      { id: 'c', data: { lane: 'a', n: 3 }, priority: 0, createdOn: at(30) },
      { id: 'a', data: { lane: 'a', n: 1 }, priority: 0, createdOn: at(10) },
      { id: 'x', data: { lane: 'b', n: 4 }, priority: 5, createdOn: at(40) },
      { id: 'b', data: { lane: 'a', n: 2 }, priority: 0, createdOn: at(10) },
    ];
    expect(lanesOf(batch, laneOf).map((l) => l.map((i) => i.data.n))).toEqual([[4], [1, 2, 3]]);
  });

  it("runs a lane's jobs one after another and the lanes side by side, up to `parallel`", async () => {
    const r = recorder();
    const batch = items(['a', 1], ['b', 2], ['a', 3], ['c', 4], ['b', 5], ['d', 6]);
    expect(await runInLanes(batch, 2, laneOf, r.run)).toEqual([]);
    expect(r.most()).toBe(2);
    // Within a lane, each job ends before the next starts.
    for (const [first, then] of [[1, 3], [2, 5]])
      expect(r.log.indexOf(`end ${first}`)).toBeLessThan(r.log.indexOf(`start ${then}`));
    expect(r.log.filter((e) => e.startsWith('end')).length).toBe(6);
  });

  it("a job that fails is that job's: the rest of its lane and the other lanes still run", async () => {
    const r = recorder([1]);
    const failures = await runInLanes(items(['a', 1], ['a', 2], ['b', 3]), 8, laneOf, r.run);
    expect(failures.map((f) => f.id)).toEqual(['j1']);
    expect(r.log.filter((e) => e.startsWith('end')).sort()).toEqual(['end 1', 'end 2', 'end 3']);
  });

  it('one lane at a time is one job after another, in fetch order', async () => {
    const r = recorder();
    await runInLanes(items(['a', 1], ['b', 2], ['c', 3]), 1, laneOf, r.run);
    expect(r.log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });
});
