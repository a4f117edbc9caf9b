/**
 * Demo only: gives each demo company a lived-in last month (issue 9): a few hundred tickets over
 * its channels, queues and agents, with contacts, messages, transfers, ratings, notes and closed,
 * open and pending ones, relative to today (demo-history-plan.ts). Written through the tenant door
 * in bulk inserts, in one transaction per company, so it takes about a second on PGlite.
 * Idempotent: the company's first demo contact marks the history as seeded, and an advisory lock
 * keeps two instances starting at once from both writing it.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  channels,
  contacts,
  contactTags,
  messages,
  protocolCounters,
  queues,
  tags,
  tenants,
  ticketLogs,
  ticketNotes,
  tickets,
  userQueues,
  users,
} from '../platform/db/schema.js';
import { unsafeSystemDb, withTenant, type TenantScope } from '../platform/db/tenant-scope.js';
import type { Platform } from '../platform/platform.js';
import { demoNumber, planHistory, type DraftTicket, type Person, type World } from './demo-history-plan.js';
import { CLINICA, PADARIA, type CompanyScripts } from './demo-scripts.js';
import { localDay, prng } from './demo-time.js';

interface HistoryPlan {
  scripts: CompanyScripts;
  seed: number;
  counts: World['counts'];
}
/** Per demo company (by name): its conversations and how many tickets of each status. */
export const DEMO_HISTORY: Record<string, HistoryPlan> = {
  'Padaria Central': { scripts: PADARIA, seed: 20_261, counts: { closed: 200, open: 12, pending: 9 } },
  'Clínica Sorriso': { scripts: CLINICA, seed: 20_262, counts: { closed: 125, open: 7, pending: 6 } },
};

const HISTORY_LOCK = 482_190_333;
const CHUNK = 500;

/** Seeds the history of each demo company that has none yet (by its admin's email). */
export async function seedDemoHistory(
  platform: Platform,
  companies: readonly { name: string; users: readonly { email: string }[] }[],
  now = new Date(),
): Promise<void> {
  const db = unsafeSystemDb(platform.db);
  for (const company of companies) {
    const plan = DEMO_HISTORY[company.name];
    const email = company.users[0]?.email;
    if (!plan || !email) continue;
    const [admin] = await db.select({ tenantId: users.tenantId }).from(users).where(eq(users.email, email));
    if (!admin) continue;
    const [tenant] = await db
      .select({ timezone: tenants.timezone })
      .from(tenants)
      .where(eq(tenants.id, admin.tenantId));
    await withTenant(platform.db, admin.tenantId, (scope) =>
      scope.transaction((tx) => seedCompany(tx, company.name, plan, tenant?.timezone ?? 'America/Sao_Paulo', now)),
    );
  }
}

/** False when the company already has its history (or lacks a channel or a queue with agents). */
async function seedCompany(tx: TenantScope, name: string, plan: HistoryPlan, timezone: string, now: Date) {
  await tx.query((db) => db.execute(sql`select pg_advisory_xact_lock(${HISTORY_LOCK}, ${tx.tenantId})`));
  if (await tx.first(contacts, eq(contacts.number, demoNumber(plan.scripts.areaCode, 0)))) return false;
  const world = await loadWorld(tx, name, plan, timezone, now);
  if (!world) return false;
  const { contacts: drafts, tickets: planned } = planHistory(world, prng(plan.seed));

  const inserted = await insertChunks(
    tx,
    contacts,
    drafts.map(({ tagId: _tag, ...c }) => ({ ...c, updatedAt: c.createdAt })),
  );
  // Matched by their unique keys, not by the order RETURNING happens to keep.
  const byNumber = new Map(inserted.map((c) => [c.number, c]));
  const people = drafts.map((c) => byNumber.get(c.number)!);
  const tagged = drafts.flatMap((c, i) => (c.tagId ? [{ contactId: people[i]!.id, tagId: c.tagId }] : []));
  await insertChunks(tx, contactTags, tagged);

  const protocols = await takeProtocols(tx, planned, timezone);
  const byProtocol = new Map(
    (
      await insertChunks(
        tx,
        tickets,
        planned.map((t, i) => ({ ...ticketRow(t), contactId: people[t.contact]!.id, protocol: protocols[i]! })),
      )
    ).map((r) => [r.protocol, r]),
  );
  const rows = protocols.map((p) => byProtocol.get(p)!);
  await insertChunks(
    tx,
    messages,
    planned.flatMap((t, i) =>
      t.messages.map((m, n) => ({
        ticketId: rows[i]!.id,
        contactId: rows[i]!.contactId,
        channelId: t.channelId,
        userId: m.userId,
        fromMe: m.fromMe,
        body: m.body,
        mediaType: 'chat',
        status: m.status,
        // As a provider's ids: unique per channel, so the inbound path would find them stored.
        externalId: `demo-${rows[i]!.protocol}-${n}`,
        sendAttempts: m.fromMe ? 1 : 0,
        createdAt: m.at,
        updatedAt: m.at,
      })),
    ),
  );
  await insertChunks(
    tx,
    ticketLogs,
    planned.flatMap((t, i) =>
      t.logs.map((l) => ({
        ticketId: rows[i]!.id,
        type: l.type,
        userId: l.userId,
        queueId: l.queueId,
        payload: l.payload,
        createdAt: l.at,
      })),
    ),
  );
  await insertChunks(
    tx,
    ticketNotes,
    planned.flatMap((t, i) =>
      t.notes.map((n) => ({ ticketId: rows[i]!.id, userId: n.userId, body: n.body, createdAt: n.at })),
    ),
  );
  return true;
}

async function loadWorld(tx: TenantScope, name: string, plan: HistoryPlan, timezone: string, now: Date) {
  // One after the other: a transaction is one connection.
  const chs = await tx.select(channels).orderBy(asc(channels.id));
  const qs = await tx.select(queues).orderBy(asc(queues.id));
  const people = await tx.select(users).orderBy(asc(users.id));
  const members = await tx.select(userQueues);
  const tagRows = await tx.select(tags).orderBy(asc(tags.id));
  if (chs.length === 0) return null;
  const byId = new Map<number, Person>(people.map((u) => [u.id, { id: u.id, name: u.name }]));
  const queueMap: World['queues'] = new Map(
    qs.map((q) => [
      q.name,
      {
        id: q.id,
        members: members.flatMap((m) => (m.queueId === q.id && byId.has(m.userId) ? [byId.get(m.userId)!] : [])),
      },
    ]),
  );
  if (![...queueMap.values()].some((q) => q.members.length)) return null;
  const world: World = {
    company: name,
    scripts: plan.scripts,
    timezone,
    now,
    channelIds: chs.map((c) => c.id),
    queues: queueMap,
    tagIds: tagRows.map((t) => t.id),
    counts: plan.counts,
  };
  return world;
}

/** The ticket row as inbound, accept, transfer, close and the rating answer leave it. */
function ticketRow(t: DraftTicket) {
  const last = t.messages[t.messages.length - 1]!;
  const lastIn = [...t.messages].reverse().find((m) => !m.fromMe);
  const lastOut = [...t.messages].reverse().find((m) => m.fromMe);
  let unread = 0;
  if (t.status !== 'closed') for (let i = t.messages.length - 1; i >= 0 && !t.messages[i]!.fromMe; i--) unread++;
  const updatedAt = [last.at, t.closedAt ?? last.at].reduce((a, b) => (a > b ? a : b));
  return {
    status: t.status,
    channelId: t.channelId,
    queueId: t.queueId,
    userId: t.userId,
    isGroup: false,
    unreadMessages: unread,
    lastMessage: last.body.slice(0, 255),
    lastMessageAt: last.at,
    lastInboundAt: lastIn?.at ?? null,
    lastOutboundAt: lastOut?.at ?? null,
    answered: t.messages.some((m) => m.fromMe && m.userId !== null),
    // The dashboard's first response: the first message an agent wrote (modules/tickets/first-response.ts).
    firstResponseAt: t.messages.find((m) => m.fromMe && m.userId !== null)?.at ?? null,
    firstResponseUserId: t.messages.find((m) => m.fromMe && m.userId !== null)?.userId ?? null,
    startedAttendanceAt: t.startedAttendanceAt,
    closedAt: t.closedAt,
    rating: t.rating,
    ratedAt: t.ratedAt,
    createdAt: t.messages[0]!.at,
    updatedAt,
  };
}

/**
 * Protocols as nextProtocol would have given them: the day of the ticket in the tenant's time
 * zone and that day's sequence, in order of creation. One counter upsert per day, not per ticket.
 */
async function takeProtocols(tx: TenantScope, planned: DraftTicket[], timezone: string): Promise<string[]> {
  const order = planned.map((t, i) => ({ i, at: t.messages[0]!.at })).sort((a, b) => a.at.getTime() - b.at.getTime());
  const byDay = new Map<string, number[]>();
  for (const o of order) {
    const day = localDay(o.at, timezone);
    byDay.set(day, [...(byDay.get(day) ?? []), o.i]);
  }
  const out: string[] = [];
  for (const [day, list] of byDay) {
    const res = await tx.query((db, owns) =>
      db.execute(sql`insert into ${protocolCounters} (tenant_id, day, seq) values (${tx.tenantId}, ${day}::date, ${list.length})
        on conflict (tenant_id, day) do update set seq = ${protocolCounters}.seq + ${list.length} where ${owns(protocolCounters)}
        returning seq`),
    );
    const seq = Number((res as unknown as { rows: { seq: number | string }[] }).rows[0]!.seq);
    const first = seq - list.length + 1;
    list.forEach((ticket, k) => (out[ticket] = `${day.replaceAll('-', '')}${String(first + k).padStart(6, '0')}`));
  }
  return out;
}

type TenantTable = PgTable & { tenantId: PgColumn };

/** Bulk inserts in chunks: a statement holds at most 65,535 parameters. */
async function insertChunks<T extends TenantTable>(
  tx: TenantScope,
  table: T,
  values: Omit<T['$inferInsert'], 'tenantId'>[],
): Promise<T['$inferSelect'][]> {
  const out: T['$inferSelect'][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await tx.insert(table, values.slice(i, i + CHUNK))));
  return out;
}
