/**
 * Wires the metrics into an app: the request histogram (one observe per response), the platform's
 * own gauges (database pool, sockets, the job queue) and where `/metrics` is served:
 * on the app's port for `Authorization: Bearer $METRICS_TOKEN`, and/or on METRICS_LISTEN (an
 * address of its own, e.g. 127.0.0.1:9464, without a token). Neither set: no route, 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error.js';
import type { Platform } from '../platform.js';
import { registerJobGauges } from './sql-gauges.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** `host:port`, `:port` (every address) or `[v6]:port`. */
export function parseListen(value: string): { host: string; port: number } {
  const i = value.lastIndexOf(':');
  const port = Number(value.slice(i + 1));
  if (i < 0 || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`METRICS_LISTEN: not host:port: ${value}`);
  const host = value.slice(0, i).replace(/^\[(.*)\]$/, '$1');
  return { host: host || '0.0.0.0', port };
}

export async function registerMetrics(app: FastifyInstance, platform: Platform, jobNames: string[]): Promise<void> {
  const { metrics, config, db } = platform;
  if (!metrics.enabled) return;

  // Per request: one histogram observe, labelled by the route pattern; nothing else.
  app.addHook('onResponse', (req, reply, done) => {
    metrics.observeRequest(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime);
    done();
  });

  metrics.addGauge({
    name: 'prosa_db_info',
    help: 'The database engine of this instance (pglite or postgres); always 1.',
    labelNames: ['engine'],
    read: () => [[{ engine: db.kind }, 1]],
  });
  // PostgreSQL only: PGlite is one in-process connection, without a pool to report.
  if (db.poolStats) {
    const stats = db.poolStats.bind(db);
    metrics.addGauge({
      name: 'prosa_db_pool_connections',
      help: 'The PostgreSQL pool of this instance: open connections (total), idle ones, and requests waiting for one (waiting).',
      labelNames: ['state'],
      read: () => {
        const s = stats();
        return [
          [{ state: 'total' }, s.total],
          [{ state: 'idle' }, s.idle],
          [{ state: 'waiting' }, s.waiting],
        ];
      },
    });
  }
  metrics.addGauge({
    name: 'prosa_sockets_connected',
    help: 'Socket.IO sockets connected to this instance, by namespace (/ for agents, /webchat for visitors).',
    labelNames: ['namespace'],
    read: () => Object.entries(platform.realtime.stats().sockets).map(([namespace, n]) => [{ namespace }, n]),
  });
  metrics.addGauge({
    name: 'prosa_socket_clients',
    help: 'Socket.IO (engine.io) client connections to this instance.',
    read: () => [[{}, platform.realtime.stats().clients]],
  });
  registerJobGauges(metrics, db, jobNames);

  if (config.metricsToken) {
    const expected = digest(`Bearer ${config.metricsToken}`);
    app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (req, reply) => {
      // A missing or wrong token answers as an unknown path does: the endpoint is not advertised.
      if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) throw new AppError('ERR_NOT_FOUND');
      const { contentType, body } = await metrics.render();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    });
  }

  if (config.metricsListen) {
    const { host, port } = parseListen(config.metricsListen);
    const server: Server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"ERR_NOT_FOUND"}');
        return;
      }
      metrics.render().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
        (err: unknown) => {
          app.log.error({ err }, 'metrics could not be rendered');
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"ERR_INTERNAL"}');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.log.info({ address: server.address() }, 'metrics listening');
    app.addHook('onClose', async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    app.decorate('metricsServer', server);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The listener of METRICS_LISTEN, when set (its address, for tests on port 0). */
    metricsServer?: Server;
  }
}
