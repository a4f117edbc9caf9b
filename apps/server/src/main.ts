import { loadConfig } from './platform/config.js';
import { buildApp } from './platform/http/app.js';
import { bootstrapPlatform } from './seed/bootstrap.js';
import { seedDemo } from './seed/demo.js';

const config = loadConfig();
const app = await buildApp({ config });
const operator = await bootstrapPlatform(app.platform);
if (config.demo) await seedDemo(app.platform);
await app.listen({ port: config.port, host: config.host });

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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
