/**
 * Soak (issue 12): the real server as a child process, SOAK_RATE (default 50) inbound messages a
 * second through a channel webhook (the Telegram stand-in POSTs each update to Prosa's webhook, as
 * Telegram does), with SOAK_AGENTS (default 10) agents' Socket.IO clients connected, for
 * SOAK_MINUTES (default 10). Every SOAK_SAMPLE_SECONDS (default 30) it samples the server's RSS
 * (its whole process group) and the webhook requests' p50/p99 in that window; at the end it says
 * whether memory and p99 stayed flat (mean of the last third of the samples against the first).
 *   npm run soak -w bench                                   embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *     SOAK_MINUTES=3 npm run soak -w bench                   PostgreSQL + Redis (a fresh database, dropped after)
 * Not part of CI.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { startTelegramStandIn } from '../apps/server/src/channels/telegram/stand-in/stand-in.js';
import { freePort, kill9, startChildServer } from '../apps/server/src/test/child-server.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RATE = Number(process.env.SOAK_RATE ?? 50);
const AGENTS = Number(process.env.SOAK_AGENTS ?? 10);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_SECONDS ?? 30);
const CHATS = 200;
/** Flat: the last third's mean at most this much above the first third's (and a small absolute slack). */
const RSS_TOLERANCE = 1.15;
const RSS_SLACK_MB = 25;
const P99_TOLERANCE = 1.5;
const P99_SLACK_MS = 10;

const baseUrl = process.env.DATABASE_URL;
const sql = async (url: string, text: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
};
let dbUrl = '';
let dbName = '';
if (baseUrl) {
  dbName = `prosa_soak_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await sql(baseUrl, `create database ${dbName}`);
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-soak-'));
const standIn = await startTelegramStandIn();
const port = await freePort();
const publicUrl = `http://127.0.0.1:${port}`;
console.log(`soak: starting the server (${baseUrl ? 'PostgreSQL' : 'embedded PGlite'}${process.env.REDIS_URL ? ' + Redis' : ''})...`);
const server = await startChildServer(port, {
  dbUrl,
  dataDir,
  env: { PUBLIC_URL: publicUrl, TELEGRAM_API_ROOT: standIn.url, LOG_LEVEL: 'warn', ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}) },
});

/** RSS of the server's process group (tsx and the node process it starts), in MB. */
function groupRssMb(pgid: number): number {
  let kb = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue; // pgrp
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {
      // the process ended meanwhile
    }
  }
  return kb / 1024;
}

const post = async (url: string, body: unknown, token?: string) => {
  const res = await fetch(`${publicUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};

try {
  const token = (await post('/auth/login/', { email: 'admin@padaria.demo', password: 'prosa-demo' })).token as string;
  // A Telegram channel in webhook mode (the server has a public URL), made through the API.
  const [queue] = (await (await fetch(`${publicUrl}/queue`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number }[];
  const channel = await post(
    '/channels',
    { name: 'Telegram soak', type: 'telegram', token: standIn.token, defaultQueueId: queue!.id, config: {} },
    token,
  );
  await post(`/channels/${channel.id as number}/session`, {}, token);
  if (!standIn.webhook()) throw new Error('the webhook was not registered');

  // The agents' sockets (the admin sees every ticket event of the company).
  let events = 0;
  const sockets: Socket[] = [];
  for (let i = 0; i < AGENTS; i++) {
    const s = io(publicUrl, { transports: ['websocket'], auth: { token } });
    s.onAny(() => events++);
    sockets.push(s);
  }
  await Promise.all(sockets.map((s) => new Promise<void>((resolve) => (s.connected ? resolve() : s.once('connect', () => resolve())))));

  interface Sample {
    at: number;
    rssMb: number;
    n: number;
    errors: number;
    p50: number;
    p99: number;
    events: number;
  }
  const samples: Sample[] = [];
  let window: number[] = [];
  let errors = 0;
  let sent = 0;
  const chatBase = 5_000_000;
  const started = Date.now();
  const end = started + MINUTES * 60_000;
  console.log(`soak: ${RATE} inbound messages/s for ${MINUTES} min, ${AGENTS} sockets; a sample every ${SAMPLE_S} s`);
  console.log('   t(s)  RSS MB   reqs  errors   p50 ms   p99 ms   socket events');
  const sampler = setInterval(() => {
    const lat = window.sort((a, b) => a - b);
    window = [];
    const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? 0;
    const s: Sample = { at: Math.round((Date.now() - started) / 1000), rssMb: groupRssMb(server.child.pid!), n: lat.length, errors, p50: pct(50), p99: pct(99), events };
    errors = 0;
    events = 0;
    samples.push(s);
    console.log(
      `${String(s.at).padStart(7)} ${s.rssMb.toFixed(0).padStart(7)} ${String(s.n).padStart(6)} ${String(s.errors).padStart(7)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)} ${String(s.events).padStart(15)}`,
    );
  }, SAMPLE_S * 1000);

  // The load: one update every 1000/RATE ms, on a fixed schedule (an open loop: a slow server
  // does not slow the arrivals down, as with a real provider).
  const inFlight = new Set<Promise<void>>();
  const gap = 1000 / RATE;
  for (let i = 0; Date.now() < end; i++) {
    const due = started + i * gap;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const chatId = chatBase + (i % CHATS);
    const t = performance.now();
    const p = standIn
      .userSends({ chatId, text: `soak ${i}`, from: { first_name: `Cliente ${i % CHATS}` } })
      .then((r) => {
        window.push(performance.now() - t);
        if (r.webhookStatus !== 200) errors++;
      })
      .catch(() => {
        errors++;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    sent++;
  }
  await Promise.all(inFlight);
  clearInterval(sampler);
  for (const s of sockets) s.close();

  const third = Math.max(1, Math.floor(samples.length / 3));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const first = samples.slice(0, third);
  const last = samples.slice(-third);
  const rssFirst = mean(first.map((s) => s.rssMb));
  const rssLast = mean(last.map((s) => s.rssMb));
  const p99First = mean(first.map((s) => s.p99));
  const p99Last = mean(last.map((s) => s.p99));
  const rssFlat = rssLast <= rssFirst * RSS_TOLERANCE + RSS_SLACK_MB;
  const p99Flat = p99Last <= p99First * P99_TOLERANCE + P99_SLACK_MS;
  const totalErrors = samples.reduce((a, s) => a + s.errors, 0);
  console.log(`\nsoak: ${sent} updates sent, ${totalErrors} not answered 200, ${samples.length} samples`);
  console.log(`memory: first third ${rssFirst.toFixed(0)} MB, last third ${rssLast.toFixed(0)} MB -> ${rssFlat ? 'flat' : 'GROWS'}`);
  console.log(`p99:    first third ${p99First.toFixed(1)} ms, last third ${p99Last.toFixed(1)} ms -> ${p99Flat ? 'flat' : 'GROWS'}`);
  if (dbUrl) {
    const [backlog] = await sql(dbUrl, `select count(*) filter (where processed_at is null) as unprocessed, count(*) as total from inbound_events`);
    const processed = Number(backlog?.total) - Number(backlog?.unprocessed);
    console.log(
      `inbound events: ${String(backlog?.total)} stored, ${processed} processed (${(processed / (MINUTES * 60)).toFixed(1)}/s), ` +
        `${String(backlog?.unprocessed)} not processed yet at the end`,
    );
  }
  process.exitCode = rssFlat && p99Flat && totalErrors === 0 ? 0 : 1;
} finally {
  await kill9(server);
  await standIn.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (baseUrl) await sql(baseUrl, `drop database if exists ${dbName} with (force)`);
}
