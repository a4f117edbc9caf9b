import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { api, apiLogin } from './api';
import { freePort } from './ports';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The platform operator of every journey. Its e-mail must pass the login form's ZEmail (a TLD of
 * letters only: `ops@prosa.e2e` did not), since journeys sign it in through the form.
 */
export const OPERATOR = { email: 'ops@prosa-e2e.test', password: 'prosa-ops-e2e-123' };
/** Seeded by DEMO=1 (apps/server/src/seed/demo.ts). */
export const DEMO_PASSWORD = 'prosa-demo';
export const DEMO = {
  admin: 'admin@padaria.demo',
  supervisor: 'supervisor@padaria.demo',
  agent: 'agente@padaria.demo',
} as const;

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** On PostgreSQL, the server's own database. */
  databaseName: string | null;
  /** null while it runs. */
  exitCode: () => number | null;
  log: () => string;
  stop: () => Promise<void>;
  /** With `clockShiftMs`: the server's clock jumps that far ahead now (e2e/support/clock-shift.mjs). */
  shiftClock: () => void;
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before it was healthy:\n${log()}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${log()}`);
}

/** One statement on DATABASE_URL's server (create and drop the journeys' databases). */
export async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * With DATABASE_URL set, each server gets a database of its own on that PostgreSQL server (a copy
 * of the run's first-started one, `template`, or an empty one for that first start); it is dropped
 * when the server stops.
 */
async function freshDatabase(
  template?: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> } | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `prosa_e2e_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => adminQuery(`drop database if exists ${name} with (force)`).catch(() => undefined),
  };
}

/**
 * The demo companies keep business hours (Monday to Saturday, a lunch break): a journey run at
 * 12:30 in São Paulo would see the absence message before the agent's reply. Journeys that are not
 * about business hours must not depend on the clock, so the harness opens every day for both demo
 * companies, through the same route an admin uses; `keepBusinessHours` leaves the demo hours.
 */
async function openAllHours(baseUrl: string): Promise<void> {
  const days = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    type: 'O',
    hr1: '08:00',
    hr2: '12:00',
    hr3: '13:00',
    hr4: '18:00',
  }));
  for (const email of ['admin@padaria.demo', 'admin@clinica.demo']) {
    const token = await apiLogin(baseUrl, email, DEMO_PASSWORD);
    await api(baseUrl, token, 'PUT', '/tenants/business-hours/', days);
  }
}

/**
 * What each journey's server starts from: the run's first start (migrations, the platform operator,
 * the demo companies and their month), made once by `e2e/support/template.ts` and then stopped. A
 * journey's server gets a copy of its data folder (and, on PostgreSQL, a database made from its
 * database as template), so it starts as a restarted server does: the first start's 10-15 s of
 * migrations and seeding are paid once per run, not once per file.
 */
export interface ServerTemplate {
  dataDir: string;
  database: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplate: ServerTemplate | null;
  }
}

/** The run's template, when the global setup made one (not inside that setup itself). */
function runTemplate(): ServerTemplate | null {
  try {
    return inject('serverTemplate') ?? null;
  } catch {
    return null;
  }
}

export interface StartOptions {
  smtpPort?: number;
  env?: Record<string, string>;
  keepBusinessHours?: boolean;
  clockShiftMs?: number;
  /** A first start on an empty data folder and database, not a copy of the run's template. */
  firstStart?: boolean;
  /** `stop()` leaves the data folder and the database in place (the template's own server). */
  keepData?: boolean;
}

/**
 * Starts the real compiled server (`node scripts/start.mjs`) on a free port with a data folder (and
 * a database on PostgreSQL) of its own, the demo data, and the built web app.
 */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const webDist = path.join(REPO_ROOT, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm run test:e2e does)');
  }
  const port = await freePort();
  const template = opts.firstStart ? null : runTemplate();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prosa-e2e-'));
  if (template) cpSync(template.dataDir, dataDir, { recursive: true });
  const database = await freshDatabase(template?.database ?? undefined);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(database ? { DATABASE_URL: database.url } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    ADMIN_EMAIL: OPERATOR.email,
    ADMIN_PASSWORD: OPERATOR.password,
    WEB_DIST: webDist,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...(opts.smtpPort ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(opts.smtpPort), SMTP_SECURE: 'false' } : {}),
    ...opts.env,
    ...(opts.clockShiftMs
      ? {
          NODE_OPTIONS:
            `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(path.join(REPO_ROOT, 'e2e/support/clock-shift.mjs')).href}`.trim(),
          PROSA_E2E_CLOCK_SHIFT_MS: String(opts.clockShiftMs),
        }
      : {}),
  };
  // The compiled server, started as the container starts it (`npm run test:e2e` builds it first).
  // Its own process group, so stopping it reaches every process it starts.
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const log = () => output;
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (opts.keepData) return;
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  try {
    await waitForHealth(baseUrl, child, log);
    if (!opts.keepBusinessHours) await openAllHours(baseUrl);
  } catch (err) {
    await stop();
    throw err;
  }
  const shiftClock = () => {
    if (!opts.clockShiftMs || !child.pid) throw new Error('startServer({ clockShiftMs }) first');
    process.kill(child.pid, 'SIGUSR2');
  };
  return {
    baseUrl,
    port,
    dataDir,
    databaseName: database?.name ?? null,
    exitCode: () => child.exitCode,
    log,
    stop,
    shiftClock,
  };
}
