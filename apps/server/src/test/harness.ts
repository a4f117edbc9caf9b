/**
 * Route-test harness: a real app on a real database (in-memory PGlite, or the PostgreSQL of
 * DATABASE_URL), requests through fastify.inject, a mailer that keeps what it sends, and
 * factories that create a fresh company unless given one.
 */
import { PG_TEMPLATE_ENV, pgliteTemplate } from './db-template.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Profile } from '@prosa/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig, type Config } from '../platform/config.js';
import { openDatabase } from '../platform/db/client.js';
import { userQueues, users } from '../platform/db/schema.js';
import { withTenant } from '../platform/db/tenant-scope.js';
import { buildApp } from '../app.js';
import type { Mail } from '../platform/mail/mailer.js';
import { hashPassword } from '../platform/security/passwords.js';
import { createTenant } from '../modules/tenants/commands/create-tenant.js';
import { updateOwnTenant } from '../modules/tenants/commands/update-own-tenant.js';
import { DEFAULT_BUSINESS_HOURS } from '../modules/tenants/business-hours.js';
import { bootstrapPlatform } from '../seed/bootstrap.js';
import { checkInjections } from './contract.js';

export const OPERATOR = { email: 'operator@prosa.test', password: 'operator-pass-123' };
export const PASSWORD = 'secret-pass-1';

export interface Session {
  userId: number;
  tenantId: number;
  email: string;
  token: string;
  cookie: string;
}
export interface Company {
  tenantId: number;
  admin: Session;
}

export interface Harness {
  app: FastifyInstance;
  config: Config;
  mails: Mail[];
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts?: { token?: string; body?: unknown; cookie?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test bodies are read loosely
  login(email: string, password?: string): Promise<Session>;
  operator(): Promise<Session>;
  /**
   * A fresh company. Its business hours are open every day unless `keepBusinessHours`: a test that
   * is not about business hours must not get the absence message when it runs at lunch time in
   * São Paulo (the default hours close 12:00-13:00 and at night).
   */
  company(opts?: { planId?: number | null; dueDate?: string | null; name?: string; keepBusinessHours?: boolean }): Promise<Company>;
  user(company: Company, profile: Profile, opts?: { queueIds?: number[]; blockMultipleLogins?: boolean }): Promise<Session>;
  close(): Promise<void>;
}

export const uniqueEmail = (prefix = 'u') => `${prefix}-${randomUUID().slice(0, 8)}@test.prosa`;
export const futureDate = (days = 30) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * On PostgreSQL each harness gets a database of its own (dropped on close) and its own Redis
 * channel: test files run in parallel, and a shared job queue would let one file's app run
 * another's jobs. `shareWith` puts a second app instance on the same database and channel.
 */
export async function startHarness(
  overrides: Partial<Config> = {},
  opts: {
    shareWith?: Harness;
    /**
     * false: no job workers and no cron, for a story of fixed rows that a job would change under
     * the test when a minute turns (the schedule sweep sends the story's due schedules).
     */
    jobs?: boolean;
  } = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-test-'));
  const base = loadConfig(
    { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    {
      adminEmail: OPERATOR.email,
      adminPassword: OPERATOR.password,
      demo: false,
      smtp: undefined,
      // Tests receive channel webhooks on 127.0.0.1.
      webhookAllowPrivate: true,
      ...overrides,
    },
  );
  const own = !opts.shareWith && base.databaseUrl ? await createTestDatabase(base.databaseUrl) : undefined;
  const config: Config = {
    ...base,
    databaseUrl: opts.shareWith?.config.databaseUrl ?? own?.url ?? base.databaseUrl,
    realtimeKey: opts.shareWith?.config.realtimeKey ?? `prosa.test.${randomUUID()}`,
  };
  const template = config.databaseUrl ? undefined : pgliteTemplate();
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: 'memory://',
    ...(template ? { loadDataDir: template } : {}),
  });
  const mails: Mail[] = [];
  const app = await buildApp({ config, db, logger: false, jobPollSeconds: 0.5, ...(opts.jobs === false ? { jobs: false } : {}), mailer: { send: async (m) => void mails.push(m) } });
  await bootstrapPlatform(app.platform);
  // Every answer a test receives through app.inject is checked against the OpenAPI document.
  checkInjections(app);

  const request: Harness['request'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    let body: unknown = res.body;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers };
  };

  const login: Harness['login'] = async (email, password = PASSWORD) => {
    const res = await request('POST', '/auth/login/', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    const setCookie = String(res.headers['set-cookie'] ?? '');
    return {
      userId: res.body.userId,
      tenantId: res.body.tenantId,
      email,
      token: res.body.token,
      cookie: setCookie.split(';')[0]!,
    };
  };

  const company: Harness['company'] = async (opts = {}) => {
    const email = uniqueEmail('admin');
    const { tenant } = await createTenant(app.platform, {
      name: opts.name ?? `Empresa ${randomUUID().slice(0, 6)}`,
      phone: '',
      email: '',
      planId: opts.planId === undefined ? null : opts.planId,
      dueDate: opts.dueDate === undefined ? futureDate() : opts.dueDate,
      recurrence: 'MENSAL',
      admin: { name: 'Admin', email, password: PASSWORD },
    });
    if (!opts.keepBusinessHours) {
      await withTenant(db, tenant.id, (scope) =>
        updateOwnTenant(scope, { businessHours: DEFAULT_BUSINESS_HOURS.map((d) => ({ ...d, type: 'O' as const })) }),
      );
    }
    return { tenantId: tenant.id, admin: await login(email) };
  };

  const user: Harness['user'] = async (c, profile, opts = {}) => {
    const email = uniqueEmail(profile);
    await withTenant(db, c.tenantId, async (scope) => {
      const u = await scope.insert(users, {
        name: `${profile} ${email.slice(0, 12)}`,
        email,
        profile,
        passwordHash: await hashPassword(PASSWORD),
        blockMultipleLogins: opts.blockMultipleLogins ?? false,
      });
      if (opts.queueIds?.length) await scope.insert(userQueues, opts.queueIds.map((queueId) => ({ userId: u.id, queueId })));
    });
    return login(email);
  };

  return {
    app,
    config: app.platform.config,
    mails,
    request,
    login,
    operator: () => login(OPERATOR.email, OPERATOR.password),
    company,
    user,
    close: async () => {
      await app.close();
      await db.close();
      await own?.drop();
    },
  };
}

async function createTestDatabase(serverUrl: string) {
  const name = `prosa_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  // From the run's migrated template when there is one (test/db-template.ts).
  const template = process.env[PG_TEMPLATE_ENV];
  await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Without FORCE: forcing would cut connections a pool of the test may still hold and surface
  // as an unhandled error. A database still in use after a few tries is left behind.
  const drop = async () => {
    for (let i = 0; i < 5; i++) {
      try {
        await admin(`drop database if exists ${name}`);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  return { url: url.toString(), drop };
}
