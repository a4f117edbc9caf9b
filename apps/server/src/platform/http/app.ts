import { settleBackground } from '../lifecycle/background.js';
import { existsSync } from 'node:fs';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { platformSettings } from '../db/schema.js';
import { unsafeSystemDb } from '../db/tenant-scope.js';
import { newSecret } from '../security/tokens.js';
import { WAVOIP_DEFAULTS, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import type { ChannelSessions, Platform } from '../platform.js';
import type { JobDefinition } from '../jobs/define-job.js';
import type { FastifyPluginAsync } from 'fastify';
import { setEmitter } from '../realtime/publish.js';
import { createJobs } from '../jobs/jobs.js';
import { setJobs } from '../jobs/enqueue.js';
import { createRealtime } from '../realtime/realtime.js';
import { createMetrics } from '../metrics/metrics.js';
import { createReadiness } from '../metrics/readiness.js';
import { registerMetrics } from '../metrics/register.js';
import { registerAuth, registerPublicPlugin, resolveSession } from './authenticate.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './error-handler.js';
import { registerControlCharGuard } from './control-chars.js';
import { registerSecurityHeaders, socketSources } from './security-headers.js';
import { openapiTransform, openapiTransformObject } from './openapi.js';
import { RequestLog } from './request-log.js';
import { allowPrivateProxies } from '../security/proxy.js';

export interface BuildOptions {
  config: Config;
  /** Reuse an open database (tests); otherwise one is opened from the config. */
  db?: Database;
  mailer?: Mailer;
  logger?: boolean;
  /** Start the job workers (default true). */
  jobs?: boolean;
  jobPollSeconds?: number;
  /** Reconnect channel sessions and keep their leases on start (default true); tests may turn it off. */
  sessions?: boolean;
}

/**
 * What the platform runs but does not know: the domain's routes, its jobs and the channel sessions.
 * The app composition (src/app.ts) hands them over, so platform/ imports nothing from modules/ or
 * channels/.
 */
export interface AppParts {
  routes: FastifyPluginAsync;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds jobs of every payload type
  jobs: JobDefinition<any>[];
  sessions: (platformOf: () => Platform) => ChannelSessions;
}

/**
 * Several instances on one PostgreSQL must sign tokens with one secret. When none is configured,
 * the first instance generates it and keeps it in the database for the others.
 */
async function withSharedSecret(config: Config, db: Database): Promise<Config> {
  if (db.kind !== 'postgres') return config;
  const sys = unsafeSystemDb(db);
  const shared = async (key: string) => {
    await sys
      .insert(platformSettings)
      .values({ key, value: newSecret(48) })
      .onConflictDoNothing();
    const [row] = await sys.select().from(platformSettings).where(eq(platformSettings.key, key));
    return row!.value;
  };
  let out = config;
  if (!config.jwtSecretGiven) out = { ...out, jwtSecret: new TextEncoder().encode(await shared('jwt_secret')) };
  // The key integration API keys are encrypted under: one for every instance, like the JWT secret.
  if (!config.encryptionSecretGiven) out = { ...out, encryptionSecret: await shared('encryption_secret') };
  return out;
}

export async function buildPlatformApp(opts: BuildOptions, parts: AppParts): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    logController: new RequestLog(),
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Channel proxies follow the webhook guard's rule and its operator switch (issue 9, M3).
  allowPrivateProxies(config.webhookAllowPrivate);
  const db = opts.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const platform: Platform = {
    config: await withSharedSecret(config, db),
    db,
    mailer: opts.mailer ?? createMailer(config, db, app.log),
    realtime: createRealtime(config, db, app.log),
    jobs: createJobs(db, parts.jobs, app.log, opts.jobPollSeconds),
    log: app.log,
    sessions: parts.sessions(() => platform),
    metrics: createMetrics(Boolean(config.metricsToken || config.metricsListen)),
  };
  const readiness = createReadiness({
    db,
    jobs: opts.jobs === false ? undefined : platform.jobs,
    redisUrl: config.redisUrl,
    log: app.log,
  });
  setJobs(db, platform.jobs);
  app.decorate('platform', platform);
  setEmitter(db, (tenantId, room, event, payload) => platform.realtime.emit(tenantId, room, event, payload));
  app.addHook('preClose', async () => {
    // Sessions first: they store inbound updates and enqueue jobs until they stop.
    await platform.sessions.stopAll();
    await platform.jobs.stop();
    // Events already under way are published before the sockets and the pool go.
    await settleBackground(db);
    await platform.realtime.close();
  });
  app.addHook('onClose', async () => {
    await readiness.close();
    if (!opts.db) await db.close();
  });

  registerErrorHandler(app, { webApp: existsSync(config.webDist) });
  registerControlCharGuard(app);
  await registerSecurityHeaders(app, {
    https: config.publicUrl?.startsWith('https://') === true,
    // Voice calls: the browser opens the calling provider's device socket (WAVOIP_URL).
    connectSrc: socketSources(config.providers.wavoipUrl ?? WAVOIP_DEFAULTS.url),
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Prosa API',
        version: '0.1.0',
        description: 'Every route of Prosa. Errors answer { "error": "ERR_CODE" }.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: "A user's access token (POST /auth/login)",
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "An API configuration's token (prosa_...), shown once by POST /api-config and PUT /api-config/renew-token/{id}",
          },
        },
      },
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  });
  registerAuth(app, platform);
  // Swagger UI (v5) has no inline script: the global policy of security-headers.ts serves it as is.
  await registerPublicPlugin(() => app.register(swaggerUi, { routePrefix: '/docs' }));

  app.get('/healthz', { config: { auth: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  // Readiness: the database, the job queue and, with REDIS_URL, Redis (metrics/readiness.ts).
  app.get('/readyz', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    const { ready, checks, error } = await readiness.check();
    if (ready) return { status: 'ready', database: db.kind, checks };
    return reply.status(503).send({ status: 'unavailable', error, checks });
  });
  await registerMetrics(
    app,
    platform,
    parts.jobs.map((j) => j.id),
  );

  await app.register(parts.routes);

  if (existsSync(config.webDist)) {
    await registerPublicPlugin(() =>
      app.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: false, index: ['index.html'] }),
    );
  } else {
    app.log.warn({ webDist: config.webDist }, 'web app not built; serving the API only');
  }

  await app.ready();
  if (opts.jobs !== false) await platform.jobs.start(platform);
  // Not awaited: reconnecting every channel may take a while and must not delay listen().
  if (opts.sessions !== false) {
    void platform.sessions.startAll().catch((err) => app.log.error({ err }, 'channel sessions did not start'));
  }
  platform.realtime.attach(app.server, async (token) => {
    const { auth, rules } = await resolveSession(platform, token);
    return { ...auth, rules };
  });
  return app;
}
