/**
 * The load generator of the HTTP benchmarks, in a worker thread: its event loop is not the
 * server's, so a request's measured latency is the server's, not the client's own queueing.
 */
/* global fetch -- Node 20's built-in fetch */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ base: string, token: string, urls: string[], concurrency: number, n: number }} */
const job = workerData;
/** @type {number[]} */
const lat = [];
let errors = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: job.concurrency }, async () => {
    while (next < job.n) {
      const url = job.urls[next++ % job.urls.length];
      const t = performance.now();
      const res = await fetch(`${job.base}${url}`, { headers: { authorization: `Bearer ${job.token}` } });
      await res.arrayBuffer();
      if (!res.ok) errors++;
      lat.push(performance.now() - t);
    }
  }),
);
parentPort.postMessage({ lat, errors, secs: (performance.now() - started) / 1000 });
