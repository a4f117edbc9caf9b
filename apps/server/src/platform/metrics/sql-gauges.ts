/**
 * Gauges read from the database at scrape time: one grouped statement shared by the gauges made
 * from it, cached a few seconds so several scrapers do not repeat it; nothing here runs per
 * request. The job queue's gauge lives here (pg-boss is the platform's); figures of domain tables
 * are registered by their owners with `sqlGauges` (modules/metrics.gauges.ts).
 */
import type { Database } from '../db/client.js';
import type { Metrics, Sample } from './metrics.js';

export type SqlRow = Record<string, unknown>;

/** A loader shared by the gauges of one scrape (and the scrapes of the next `ms`). */
export function cached<T>(ms: number, load: () => Promise<T>): () => Promise<T> {
  let at = 0;
  let value: Promise<T> | undefined;
  return () => {
    const now = Date.now();
    if (!value || now - at > ms) {
      at = now;
      const loading = load();
      value = loading;
      // A failure is not kept: the next scrape tries again.
      loading.catch(() => {
        if (value === loading) value = undefined;
      });
    }
    return value;
  };
}

/**
 * One statement (without parameters; a named prepared statement on both engines) read at most
 * every `cacheMs`, and the gauges built from its rows.
 */
export function sqlGauges(
  metrics: Metrics,
  db: Database,
  statement: { name: string; sql: string; cacheMs?: number },
  gauges: { name: string; help: string; labelNames?: string[]; samples(rows: SqlRow[]): Sample[] }[],
): void {
  if (!metrics.enabled) return;
  const rows = cached(statement.cacheMs ?? 5000, () => db.runNamed(statement.name, statement.sql, []));
  for (const g of gauges) {
    metrics.addGauge({ name: g.name, help: g.help, labelNames: g.labelNames, read: async () => g.samples(await rows()) });
  }
}

/** Job states that are work still to do or work that went wrong (completed jobs are not counted). */
const JOB_STATES = ['created', 'retry', 'active', 'failed'] as const;

/** Jobs by name and state, from pg-boss's table; every known job in every state, at 0 when it has none. */
export function registerJobGauges(metrics: Metrics, db: Database, jobNames: string[]): void {
  sqlGauges(
    metrics,
    db,
    {
      name: 'prosa_metrics_jobs',
      sql: `select name, state::text as state, count(*)::int as n from pgboss.job
        where state in ('created', 'retry', 'active', 'failed') group by name, state`,
    },
    [
      {
        name: 'prosa_jobs',
        help: 'Jobs in the queue by job name and state: created (queued), retry (queued again after a failure), active (running), failed (kept until archived).',
        labelNames: ['name', 'state'],
        samples(rows) {
          // An absent series is not a zero: a job with nothing queued still shows.
          const counts = new Map<string, Map<string, number>>();
          for (const name of jobNames) counts.set(name, new Map(JOB_STATES.map((s) => [s, 0])));
          for (const r of rows) {
            const name = String(r.name);
            if (!counts.has(name)) counts.set(name, new Map(JOB_STATES.map((s) => [s, 0])));
            counts.get(name)!.set(String(r.state), Number(r.n));
          }
          return [...counts].flatMap(([name, states]) => [...states].map(([state, n]): Sample => [{ name, state }, n]));
        },
      },
    ],
  );
}
