/**
 * `npm run backup` and `npm run restore` end to end, on the database the suite runs on (embedded,
 * or the PostgreSQL of DATABASE_URL): tickets and messages (one with a stored file) are written
 * through the shared ingest path, the scripts run as an operator runs them, and an app started on
 * the restored copy in a FRESH data folder / database finds every ticket and message.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { ingestInbound } from '../../modules/messages/commands/ingest-inbound.js';
import { createTenant } from '../../modules/tenants/commands/create-tenant.js';
import { updateOwnTenant } from '../../modules/tenants/commands/update-own-tenant.js';
import { DEFAULT_BUSINESS_HOURS } from '../../modules/tenants/business-hours.js';
import { bootstrapPlatform } from '../../seed/bootstrap.js';
import { loadConfig } from '../config.js';
import { buildApp } from '../../app.js';
import { openDatabase } from './client.js';
import { channels, messages, tickets } from './schema.js';
import { unsafeSystemDb, withTenant } from './tenant-scope.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const SERVER_URL = process.env.DATABASE_URL || undefined;
const PASSWORD = 'backup-pass-123';
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

/** A PostgreSQL database of this test's own (dropped at the end), or undefined on the embedded run. */
async function freshDatabase(): Promise<string | undefined> {
  if (!SERVER_URL) return undefined;
  const name = `prosa_t_backup_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: SERVER_URL });
    await c.connect();
    await c.query(text).finally(() => c.end());
  };
  await admin(`create database ${name}`);
  cleanup.push(() => admin(`drop database if exists ${name} with (force)`));
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'prosa-backup-test-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The app as `npm start` opens it on DATA_DIR / DATABASE_URL (no demo data, no channel sessions). */
async function startApp(dataDir: string, databaseUrl: string | undefined) {
  const config = loadConfig(
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'silent' },
    {
      adminEmail: 'operator@backup.test',
      adminPassword: PASSWORD,
      demo: false,
      smtp: undefined,
      realtimeKey: `prosa.test.${randomUUID()}`,
    },
  );
  const db = await openDatabase({ databaseUrl, dataDir });
  const app = await buildApp({ config, db, logger: false, sessions: false, mailer: { send: async () => {} } });
  await bootstrapPlatform(app.platform);
  return Object.assign(app, { stop: () => app.close().then(() => db.close()) });
}

/** The script as an operator runs it (`npm run backup` is `node scripts/backup.mjs`). */
function script(name: 'backup' | 'restore', args: string[], dataDir: string, databaseUrl: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  delete env.S3_BUCKET;
  const r = spawnSync(process.execPath, [path.join(REPO, `scripts/${name}.mjs`), ...args], {
    cwd: REPO,
    env,
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Seeded {
  email: string;
  tickets: Map<number, string[]>;
  mediaMessageId: string;
}

async function seed(app: FastifyInstance): Promise<Seeded[]> {
  const db = app.platform.db;
  const out: Seeded[] = [];
  for (let c = 0; c < 2; c++) {
    const email = `admin-${randomUUID().slice(0, 8)}@backup.test`;
    const { tenant } = await createTenant(app.platform, {
      name: `Empresa ${c}`,
      phone: '',
      email: '',
      planId: null,
      dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      recurrence: 'MENSAL',
      admin: { name: 'Admin', email, password: PASSWORD },
    });
    // Open every day: an out-of-hours reply would add a message that depends on when the test runs.
    await withTenant(db, tenant.id, (s) =>
      updateOwnTenant(s, { businessHours: DEFAULT_BUSINESS_HOURS.map((d) => ({ ...d, type: 'O' as const })) }),
    );
    const channel = (await withTenant(db, tenant.id, (s) =>
      s.insert(channels, { name: `Canal ${c}`, type: 'telegram', status: 'CONNECTED' }),
    )) as ChannelRow;
    const seeded: Seeded = { email, tickets: new Map(), mediaMessageId: '' };
    for (let t = 0; t < 5; t++) {
      const from = { number: `5511${c}${String(t).padStart(8, '0')}`, name: `Cliente ${c}.${t}` };
      for (let m = 0; m < 3; m++) {
        const body = `empresa ${c} ticket ${t} mensagem ${m} 'aspas' \\ ção 😀`;
        const media = t === 0 && m === 2 ? { data: PNG, mimeType: 'image/png', fileName: 'foto.png' } : undefined;
        const r = await withTenant(db, tenant.id, (s) =>
          ingestInbound(s, channel, {
            kind: 'message',
            externalId: randomUUID(),
            from,
            body,
            ...(media ? { media, mediaType: 'image' as const } : {}),
          }),
        );
        expect(r.ticketId).toBeTruthy();
        const list = seeded.tickets.get(r.ticketId!) ?? [];
        list.push(body);
        seeded.tickets.set(r.ticketId!, list);
        if (media) seeded.mediaMessageId = String(r.messageId);
      }
    }
    out.push(seeded);
  }
  return out;
}

async function totals(app: FastifyInstance) {
  const sys = unsafeSystemDb(app.platform.db);
  const [t] = await sys.select({ n: count() }).from(tickets);
  const [m] = await sys.select({ n: count() }).from(messages);
  return { tickets: Number(t!.n), messages: Number(m!.n) };
}

async function call(app: FastifyInstance, url: string, token?: string) {
  const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return {
    status: res.statusCode,
    body: res.headers['content-type']?.toString().includes('json') ? res.json() : res.rawPayload,
  };
}

describe(`npm run backup / restore (${SERVER_URL ? 'PostgreSQL' : 'embedded'})`, () => {
  it('restores into a fresh database every ticket and message, and the media files', { timeout: 120_000 }, async () => {
    const srcDir = tempDir();
    const srcUrl = await freshDatabase();
    const source = await startApp(srcDir, srcUrl);
    const seeded = await seed(source);
    const before = await totals(source);
    expect(before.tickets).toBeGreaterThanOrEqual(10);

    // The embedded database is copied only while no server holds it.
    if (!srcUrl) {
      const refused = script('backup', ['--out', path.join(tempDir(), 'x.tar.gz')], srcDir, undefined);
      expect(refused.status).toBe(1);
      expect(refused.out).toMatch(/Refused: Prosa is running on .* \(process \d+\)/);
    }
    await source.stop();

    const archive = path.join(tempDir(), 'prosa.tar.gz');
    const backup = script('backup', ['--out', archive], srcDir, srcUrl);
    expect(backup.out).toContain('Backup written');
    expect(backup.status).toBe(0);
    expect(existsSync(path.join(srcDir, 'pglite.lock'))).toBe(false);

    const dstDir = tempDir();
    const dstUrl = await freshDatabase();
    const restore = script('restore', [archive], dstDir, dstUrl);
    expect(restore.out).toContain('Restored');
    expect(restore.status).toBe(0);
    // Once there is a database, a second restore over it is refused.
    const again = script('restore', [archive], dstDir, dstUrl);
    expect(again.status).toBe(1);
    expect(again.out).toMatch(/Refused: .*already holds/);

    const restored = await startApp(dstDir, dstUrl);
    cleanup.push(() => restored.stop());
    expect(await totals(restored)).toEqual(before);
    for (const company of seeded) {
      const login = await restored.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: company.email, password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().token as string;
      const list = await call(restored, '/tickets?status=open,pending,closed&showAll=true', token);
      expect(list.status).toBe(200);
      expect(new Set(list.body.tickets.map((t: { id: number }) => t.id))).toEqual(new Set(company.tickets.keys()));
      for (const [ticketId, bodies] of company.tickets) {
        const page = await call(restored, `/messages/${ticketId}`, token);
        expect(page.status).toBe(200);
        expect(page.body.messages.map((m: { body: string }) => m.body).sort()).toEqual([...bodies].sort());
      }
      const media = await call(restored, `/media/${company.mediaMessageId}`, token);
      expect(media.status).toBe(200);
      expect(Buffer.compare(media.body as Buffer, PNG)).toBe(0);
    }
  });

  it('refuses an archive of a newer schema than the code knows', { timeout: 60_000 }, async () => {
    const tar = await import('tar');
    const stage = tempDir();
    const journal = JSON.parse(readFileSync(path.join(REPO, 'apps/server/drizzle/meta/_journal.json'), 'utf8'));
    const manifest = {
      format: 'prosa-backup',
      formatVersion: 1,
      kind: SERVER_URL ? 'postgres' : 'pglite',
      createdAt: new Date().toISOString(),
      migrations: journal.entries.length + 1,
      postgresVersion: 150000,
    };
    writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify(manifest));
    const archive = path.join(tempDir(), 'newer.tar.gz');
    await tar.create({ gzip: true, file: archive, cwd: stage }, ['manifest.json']);
    const dstDir = tempDir();
    const r = script('restore', [archive], dstDir, await freshDatabase());
    expect(r.status).toBe(1);
    expect(r.out).toContain(
      `newer than this Prosa (${journal.entries.length + 1} migrations, this code knows ${journal.entries.length})`,
    );
  });

  // About the embedded folder only: run in the embedded pass.
  it.skipIf(SERVER_URL)(
    'the data folder lock: a live process on this host holds it; a dead one or another host does not',
    { timeout: 60_000 },
    async () => {
      const dir = tempDir();
      const lock = path.join(dir, 'pglite.lock');
      // The parent of this test process: alive, on this host, not this process.
      writeFileSync(lock, `${process.ppid} ${hostname()}`);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`in use by process ${process.ppid}`);
      const backup = script('backup', [], dir, undefined);
      expect(backup.status).toBe(1);
      expect(backup.out).toContain(`(process ${process.ppid})`);
      // Written on another host (a replaced container): the server takes it over, a backup cannot tell.
      writeFileSync(lock, `${process.ppid} another-host`);
      expect(script('backup', [], dir, undefined).out).toContain(
        'on host another-host, which this script cannot check',
      );
      const db = await openDatabase({ dataDir: dir });
      expect(readFileSync(lock, 'utf8')).toBe(`${process.pid} ${hostname()}`);
      await db.close();
      expect(existsSync(lock)).toBe(false);
      // A process that is gone (kill -9): taken over.
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
        encoding: 'utf8',
      });
      writeFileSync(lock, `${gone.stdout} ${hostname()}`);
      const again = await openDatabase({ dataDir: dir });
      await again.close();
      expect(existsSync(lock)).toBe(false);
    },
  );
});
