/**
 * The load generator of the HTTP benchmarks, in a worker thread: its event loop is not the
 * server's, so a request's measured latency is the server's, not the client's own queueing.
 * node:http with keep-alive connections (one per concurrent client) rather than fetch: on a
 * 2-core machine the client shares the cores with the server and PostgreSQL, and fetch cost
 * about three times as much CPU per request.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * `n` requests, or (with `seconds`) as many as fit in that time.
 * @type {{ base: string, token: string, urls: string[], concurrency: number, n: number, seconds?: number }}
 */
const job = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
const headers = { authorization: `Bearer ${job.token}` };

/** @param {string} url @returns {Promise<number>} the status code, once the body is read */
function get(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${job.base}${url}`, { agent, headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** @type {number[]} */
const lat = [];
let errors = 0;
let next = 0;
const started = performance.now();
const until = job.seconds ? started + job.seconds * 1000 : Infinity;
await Promise.all(
  Array.from({ length: job.concurrency }, async () => {
    while (job.seconds ? performance.now() < until : next < job.n) {
      const url = job.urls[next++ % job.urls.length];
      const t = performance.now();
      const status = await get(url).catch(() => 0);
      if (status < 200 || status >= 300) errors++;
      lat.push(performance.now() - t);
    }
  }),
);
agent.destroy();
parentPort.postMessage({ lat, errors, secs: (performance.now() - started) / 1000 });
