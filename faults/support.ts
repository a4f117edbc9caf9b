/**
 * What the fault tests share: a fresh PostgreSQL database per test file (dropped after), child
 * servers on free ports (apps/server/src/test/child-server.ts), SQL on that database, polling for
 * another process's state, and the demo company's login.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, kill9, startChildServer, type ChildServer } from '../apps/server/src/test/child-server.js';

export { freePort, kill9, type ChildServer };

export const BASE_URL = process.env.DATABASE_URL;
export const REDIS_URL = process.env.REDIS_URL;
/** The faults suite needs both (CI's second pass); without them each file is skipped, by name. */
export const HAS_SERVICES = Boolean(BASE_URL && REDIS_URL);
export const DEMO_PASSWORD = 'prosa-demo';

export async function sqlOn<R extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text, params)).rows;
  } finally {
    await c.end();
  }
}

/** A database of its own (name with `prosa_faults_`), its URL, a data folder, and their removal. */
export interface FreshDb {
  url: string;
  name: string;
  dataDir: string;
  sql<R extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<R[]>;
  /** Kills the servers still running and drops the database and the folder. */
  drop(servers: (ChildServer | undefined)[]): Promise<void>;
}

export async function freshDb(tag: string): Promise<FreshDb> {
  const name = `prosa_faults_${tag}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await sqlOn(BASE_URL!, `create database ${name}`);
  const u = new URL(BASE_URL!);
  u.pathname = `/${name}`;
  const url = u.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), `prosa-faults-${tag}-`));
  return {
    url,
    name,
    dataDir,
    sql: (text, params = []) => sqlOn(url, text, params),
    async drop(servers) {
      for (const s of servers) if (s && s.child.exitCode === null && s.child.signalCode === null) await kill9(s);
      rmSync(dataDir, { recursive: true, force: true });
      // FAULTS_KEEP_DB=1 keeps it for a look after a failure (drop it by hand).
      if (process.env.FAULTS_KEEP_DB === '1') return void console.log(`kept database ${name}`);
      await sqlOn(BASE_URL!, `drop database if exists ${name} with (force)`);
    },
  };
}

/** A child server on `db` (demo data), with Redis and any extra environment. */
export function startServer(db: FreshDb, port: number, env: Record<string, string> = {}): Promise<ChildServer> {
  return startChildServer(port, { dbUrl: env.DATABASE_URL ?? db.url, dataDir: db.dataDir, env: { REDIS_URL: REDIS_URL!, ...env } });
}

/** Polls (another process's state: no event reaches the test) until `ok`, or answers the last value at `ms`. */
export async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms: number, everyMs = 200): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function login(base: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A JSON request with a bearer token; answers the status and the parsed body. */
export async function api<T = unknown>(
  base: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
