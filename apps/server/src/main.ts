import { loadConfig } from './platform/config.js';
import { buildApp } from './app.js';
import { bootstrapPlatform } from './seed/bootstrap.js';
import { seedDemo } from './seed/demo.js';

const began = performance.now();
const phases: string[] = [];
const phase = (name: string) => phases.push(`${name} ${Math.round(performance.now() - began)} ms`);
const config = loadConfig();
const app = await buildApp({ config });
phase('app');
const operator = await bootstrapPlatform(app.platform);
phase('operator');
if (config.demo) await seedDemo(app.platform);
phase('demo');
await app.listen({ port: config.port, host: config.host });
phase('listening');
app.log.info({ phases }, 'started');

const url = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
const lines = [
  '',
  `  Prosa is running at ${url}`,
  `  Database: ${app.platform.db.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}` +
    (config.redisUrl ? ' + Redis' : ''),
  `  Platform operator: ${operator.email}` +
    (operator.generatedPassword ? `  password: ${operator.generatedPassword}  (shown once; change it)` : ''),
  ...(config.demo
    ? ['  Demo companies: admin@padaria.demo, agente@padaria.demo, admin@clinica.demo ... password prosa-demo (demo only)']
    : []),
  `  API docs: ${url}/docs`,
  '',
];
console.log(lines.join('\n'));

/**
 * Graceful shutdown on SIGTERM (containers, systemd) and SIGINT (Ctrl+C): app.close() stops taking
 * requests (new ones get 503), then the hooks of platform/http/app.ts stop the channel sessions,
 * let the jobs under way finish (pg-boss graceful stop), publish pending events, close the sockets
 * and close the database (PGlite flushes its data folder). Past SHUTDOWN_TIMEOUT_MS, or on a second
 * signal, the process exits with 1 rather than hang: orchestrators kill at 10 s anyway.
 */
const SHUTDOWN_TIMEOUT_MS = 9_000;
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
