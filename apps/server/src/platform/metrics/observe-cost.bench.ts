/**
 * The per-request cost of the metrics: one `observeRequest` against prom-client's own
 * Histogram.observe, in one process. Run: `npx tsx apps/server/src/platform/metrics/observe-cost.bench.ts`.
 */
import { Histogram, Registry } from 'prom-client';
import { createMetrics } from './metrics.js';

const metrics = createMetrics(true);
const histogram = new Histogram({
  name: 'x',
  help: 'x',
  labelNames: ['method', 'route', 'status_code'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [new Registry()],
});
const routes = ['/tags', '/tickets', '/tickets/:id', '/contacts', '/messages/:ticketId'];
const N = 1_000_000;

function run(label: string, f: (i: number) => void): void {
  for (let i = 0; i < 100_000; i++) f(i);
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) f(i);
  console.log(`${label}: ${(Number(process.hrtime.bigint() - t) / N).toFixed(0)} ns per request`);
}

for (let round = 0; round < 3; round++) {
  run('empty loop', (i) => void (routes[i % 5]!.length + (i % 50) / 3));
  run('metrics.observeRequest', (i) => metrics.observeRequest('GET', routes[i % 5], i % 10 ? 200 : 404, (i % 50) / 3));
  run('prom-client Histogram.observe', (i) =>
    histogram.observe({ method: 'GET', route: routes[i % 5]!, status_code: String(i % 10 ? 200 : 404) }, (i % 50) / 3000),
  );
}
