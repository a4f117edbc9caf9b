/**
 * Campaign benchmark: a campaign of N contacts sent through the Telegram stand-in with the delay
 * switched off (CAMPAIGN_DELAY_OFF=1, the test and bench switch): how long linking takes (by ids
 * and by CSV), the sends per second of the engine (claim committed, provider call, answer
 * recorded, one contact at a time), that every contact got exactly one message, and the latency of
 * the contacts page; the server's memory during the run (first third against last third); and,
 * through the real scheduling path (the campaign's timer job at its start time, CAMPAIGN_MIN_LEAD_OFF
 * so the start may be seconds ahead), the time from a campaign's start to its first send.
 *   node --expose-gc --import tsx bench/campaign.ts                               embedded PGlite
 *   DATABASE_URL=postgres://.../scratch node --expose-gc --import tsx bench/campaign.ts   PostgreSQL (a scratch database:
 *   it is migrated and keeps the rows)
 * BENCH_CAMPAIGN_CONTACTS scales it (default 1000).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { measure, report } from './measure.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { bootstrapPlatform } from '../apps/server/src/seed/bootstrap.js';
import { createTenant } from '../apps/server/src/modules/tenants/commands/create-tenant.js';
import { campaigns, channels, contacts, queues } from '../apps/server/src/platform/db/schema.js';
import { withTenant } from '../apps/server/src/platform/db/tenant-scope.js';
import { startTelegramStandIn } from '../apps/server/src/channels/telegram/stand-in/stand-in.js';
import { runCampaign } from '../apps/server/src/modules/campaigns/jobs/send-campaign.job.js';

process.env.CAMPAIGN_DELAY_OFF = '1';
process.env.CAMPAIGN_MIN_LEAD_OFF = '1';
const N = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 1000);

const standIn = await startTelegramStandIn();
const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { demo: false });
const app = await buildApp({ config: { ...config, providers: { ...config.providers, telegramApiRoot: standIn.url } }, logger: false });
await bootstrapPlatform(app.platform);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const engine = app.platform.db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';

const email = `campaign-${Date.now()}@bench.prosa`;
const { tenant } = await createTenant(app.platform, {
  name: 'Campanhas bench',
  phone: '',
  email: '',
  planId: null,
  dueDate: null,
  recurrence: 'MENSAL',
  admin: { name: 'Admin', email, password: 'bench-pass-123' },
});
const login = await fetch(`${base}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-pass-123' }) });
const { token } = (await login.json()) as { token: string };
const call = (method: string, url: string, body?: unknown) =>
  fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

const channel = await withTenant(app.platform.db, tenant.id, async (s) => {
  const q = await s.insert(queues, { name: 'Bench', color: '#336699' });
  return s.insert(channels, { name: 'Telegram bench', type: 'telegram', status: 'DISCONNECTED', token: standIn.token, defaultQueueId: q.id });
});
const chatBase = 9_000_000;
for (let i = 0; i < N; i++) await standIn.userSends({ chatId: chatBase + i, text: 'oi', from: { first_name: `C${i}` } });
const people = await withTenant(app.platform.db, tenant.id, (s) =>
  s.insert(contacts, Array.from({ length: N }, (_, i) => ({ name: `Cliente ${i}`, number: `5511${String(900000000 + i)}`, externalKey: `${channel.id}:${chatBase + i}` }))),
);

const create = async () =>
  ((await (await call('POST', '/campaigns', { name: `Bench ${Math.random()}`, channelId: channel.id, message1: 'Olá {{name}}', message2: 'Oi {{name}}!' })).json()) as { id: number }).id;

// Linking: by ids in one request, and from a CSV of the same numbers (matched, not created).
const byIds = await create();
let t = performance.now();
await call('POST', `/campaigns/contacts/${byIds}`, { contactIds: people.map((p) => p.id) });
const linkIdsMs = performance.now() - t;
const csv = ['Nome;Numero', ...people.map((p) => `${p.name};${p.number}`)].join('\n');
const byCsv = await create();
const B = '----bench';
t = performance.now();
await fetch(`${base}/campaigns/contacts/${byCsv}`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${B}` },
  body: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${B}--\r\n`,
});
const linkCsvMs = performance.now() - t;

// Sending: due now, run by the engine as its job would.
await call('POST', `/campaigns/start/${byIds}`, { startAt: new Date(Date.now() + 16 * 60_000).toISOString() });
await withTenant(app.platform.db, tenant.id, (s) => s.update(campaigns, { startAt: new Date(), nextSendAt: new Date() }, eq(campaigns.id, byIds)));
t = performance.now();
// The process's memory while it sends, every half second; and, when run with --expose-gc (the
// npm script does), the live heap after a full collection every 5 s: what is really kept, the
// stand-in's record of every message it got (10,000 small objects) included.
const rss: number[] = [];
const heap: number[] = [];
const gc = (globalThis as { gc?: () => void }).gc;
let tick = 0;
const sampler = setInterval(() => {
  rss.push(process.memoryUsage().rss);
  if (gc && tick++ % 10 === 0) {
    gc();
    heap.push(process.memoryUsage().heapUsed);
  }
}, 500);
// The app's own worker runs the campaign's job too once a step armed it: both claim under the
// campaign's lock; this loop ends when the campaign is finished, whoever sent the last one.
for (const deadline = Date.now() + 600_000; Date.now() < deadline; ) {
  await withTenant(app.platform.db, tenant.id, (s) => runCampaign(app.platform, s, byIds));
  const row = await withTenant(app.platform.db, tenant.id, (s) => s.first(campaigns, eq(campaigns.id, byIds)));
  if (row?.status === 'finished') break;
  await new Promise((r) => setTimeout(r, 20));
}
const sendSecs = (performance.now() - t) / 1000;
clearInterval(sampler);
const mb = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length / 1024 / 1024 : 0);
const third = Math.max(1, Math.floor(rss.length / 3));
const rssFirst = mb(rss.slice(0, third));
const rssLast = mb(rss.slice(-third));
const heapThird = Math.max(1, Math.floor(heap.length / 3));
const heapNote = heap.length
  ? `; live heap after GC ${mb(heap.slice(0, heapThird)).toFixed(0)} MB (first third) -> ${mb(heap.slice(-heapThird)).toFixed(0)} MB (last third)`
  : ' (run with --expose-gc for the live heap)';

// Every chat counted once: before the next campaign, which sends to some of the same contacts.
const perChat = new Map<number, number>();
for (const m of standIn.sent()) perChat.set(m.chatId, (perChat.get(m.chatId) ?? 0) + 1);
const twice = [...perChat.values()].filter((n) => n > 1).length;

// Start to first send through the real path: scheduled a few seconds ahead, the timer job sends.
const small = await create();
await call('POST', `/campaigns/contacts/${small}`, { contactIds: people.slice(0, 5).map((p) => p.id) });
const startAt = new Date(Date.now() + 3000);
await call('POST', `/campaigns/start/${small}`, { startAt: startAt.toISOString() });
let firstSendMs = NaN;
for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
  const page = (await (await call('GET', `/campaigns/contacts/${small}`)).json()) as { contacts: { sentAt: string | null }[] };
  const sent = page.contacts.map((c) => c.sentAt).filter((s): s is string => !!s).map((s) => new Date(s).getTime());
  if (sent.length) {
    firstSendMs = Math.min(...sent) - startAt.getTime();
    break;
  }
  await new Promise((r) => setTimeout(r, 100));
}
const shown = (await (await call('GET', `/campaigns/${byIds}`)).json()) as { counts: Record<string, number> };
const errs = (await (await call('GET', `/campaigns/contacts/${byIds}?status=error`)).json()) as { contacts: { errorReason: string | null }[] };
console.log('counts', JSON.stringify(shown.counts), 'errors', JSON.stringify(errs.contacts.map((c) => c.errorReason).slice(0, 5)));
const rows = [
  await measure('GET /campaigns/contacts/{id} page 1', 10, 500, () => call('GET', `/campaigns/contacts/${byIds}`)),
  await measure('GET /campaigns/contacts/{id}?status=error', 10, 500, () => call('GET', `/campaigns/contacts/${byIds}?status=error`)),
  await measure('GET /campaigns', 10, 500, () => call('GET', '/campaigns')),
];
console.log(
  `campaign of ${N} on ${engine}: linked by ids in ${linkIdsMs.toFixed(0)} ms, by CSV in ${linkCsvMs.toFixed(0)} ms; ` +
    `sent in ${sendSecs.toFixed(1)} s (${(N / sendSecs).toFixed(0)} sends/s, delay off); ` +
    `${perChat.size} chats got a message, ${twice} got more than one; ` +
    `memory while sending ${rssFirst.toFixed(0)} MB (first third) -> ${rssLast.toFixed(0)} MB (last third)${heapNote}; ` +
    `first send ${(firstSendMs / 1000).toFixed(1)} s after the start time (timer job)`,
);
report(engine, rows);
await app.close();
await standIn.close();
