import { readFileSync } from 'node:fs';
export interface Row {
  name: string;
  concurrency: number;
  n: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rssMb: number;
}

/** Runs `n` requests with `concurrency` in flight; latencies in ms. */
export async function measure(name: string, concurrency: number, n: number, call: () => Promise<Response>): Promise<Row> {
  const lat: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const t = performance.now();
        const res = await call();
        await res.arrayBuffer();
        if (!res.ok) errors++;
        lat.push(performance.now() - t);
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  lat.sort((a, b) => a - b);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? 0;
  return {
    name,
    concurrency,
    n: lat.length,
    rps: lat.length / secs,
    p50: pct(50),
    p99: pct(99),
    errors,
    rssMb: process.memoryUsage().rss / 1024 / 1024,
  };
}

export function report(engine: string, rows: Row[]): void {
  console.log(`\n${engine}`);
  console.log('| scenario | conc. | requests | req/s | p50 ms | p99 ms | errors | RSS MB |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.concurrency} | ${r.n} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.rssMb.toFixed(0)} |`,
    );
  }
}

/**
 * CPU time (ms, user and kernel) of the database server's processes serving this database
 * (PostgreSQL on this machine, read from /proc), so a scenario's database CPU per request can be
 * told apart from a busy machine's waiting. `q` runs a statement on the database.
 */
export async function serverCpuMs(q: <T>(text: string) => Promise<T[]>): Promise<number> {
  const pids = await q<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // Not on this machine, or gone.
    }
  }
  return ticks * 10;
}
