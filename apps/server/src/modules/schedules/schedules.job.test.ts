import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { messages, schedules, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { jobsOf } from '../../platform/jobs/enqueue.js';
import { storageOf } from '../../platform/storage/storage.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { fakeAdapter, openConversation, ticketRow, until } from '../messages/messages.test-support.js';
import { sendDueSchedule } from './commands/send-due-schedule.js';
import { sendScheduleJob } from './jobs/send-schedule.job.js';
import { sweepDueSchedules } from './jobs/sweep-due-schedules.job.js';
import { nextOccurrence } from './schedule-dates.js';

let h: Harness;
let a: Company;
const tg = fakeAdapter('telegram');
registerChannelAdapter(tg.adapter);
registerChannelAdapter(fakeAdapter('waba', 24).adapter);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
});
afterAll(() => h.close());

const db = () => h.app.platform.db;
const DAY = 86_400_000;
const scheduleRow = (id: number) => withTenant(db(), a.tenantId, (s) => s.first(schedules, eq(schedules.id, id)));
/** The scheduled messages recorded on the ticket (not the absence message the inbound one may get). */
const outbound = async (ticketId: number) =>
  (
    await withTenant(db(), a.tenantId, (s) => s.select(messages, and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true))))
  ).filter((m) => m.body.startsWith('agendada'));

/** A schedule as the API stores it, due at `sendAt` (the ticket's count kept as the commands do). */
async function scheduleOn(ticketId: number, over: Partial<typeof schedules.$inferInsert> = {}) {
  const t = (await ticketRow(h, a, ticketId))!;
  return withTenant(db(), a.tenantId, async (s) => {
    const row = await s.insert(schedules, {
      ticketId,
      contactId: t.contactId,
      userId: a.admin.userId,
      body: `agendada ${Math.random()}`,
      sendAt: new Date(Date.now() - 10 * 60_000),
      ...over,
    });
    await s.update(tickets, { scheduledMessages: t.scheduledMessages + 1 }, eq(tickets.id, ticketId));
    return row;
  });
}

describe('next occurrence', () => {
  it('moves by 7 or 14 days, or by calendar months keeping the day where the month has it', () => {
    const d = new Date('2026-01-31T13:30:00Z');
    expect(nextOccurrence(d, 'weekly').toISOString()).toBe('2026-02-07T13:30:00.000Z');
    expect(nextOccurrence(d, 'biweekly').toISOString()).toBe('2026-02-14T13:30:00.000Z');
    expect(nextOccurrence(d, 'monthly').toISOString()).toBe('2026-02-28T13:30:00.000Z');
    expect(nextOccurrence(d, 'bimonthly').toISOString()).toBe('2026-03-31T13:30:00.000Z');
    expect(nextOccurrence(new Date('2027-12-15T09:00:00Z'), 'monthly').toISOString()).toBe('2028-01-15T09:00:00.000Z');
    expect(nextOccurrence(new Date('2028-01-31T09:00:00Z'), 'monthly').toISOString()).toBe('2028-02-29T09:00:00.000Z');
  });
});

describe(`scheduled messages job (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('sends once, through the outbox, a message that fell due while the server was down', async () => {
    const { ticketId } = await openConversation(h, a);
    const s = await scheduleOn(ticketId);
    // After the restart both find it: the timer queued at creation and the minute sweep.
    await Promise.all([
      jobsOf(db()).send(sendScheduleJob, { tenantId: a.tenantId, scheduleId: s.id }),
      sweepDueSchedules(db()),
      sweepDueSchedules(db()),
    ]);
    const delivered = await until(
      () => outbound(ticketId),
      (ms) => ms.some((m) => m.status !== 'pending'),
    );
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ body: s.body, userId: a.admin.userId, status: 'sent' });
    expect(tg.sent.filter((m) => m.body === s.body)).toHaveLength(1);
    expect(await scheduleRow(s.id)).toMatchObject({ status: 'sent', sentCount: 1, lastError: null });
    expect((await ticketRow(h, a, ticketId))!.scheduledMessages).toBe(0);
    expect(await sweepDueSchedules(db())).toBe(0);
    expect(await outbound(ticketId)).toHaveLength(1);
  });

  it('repeats on the period from the planned date and stops at the count', async () => {
    const { ticketId } = await openConversation(h, a);
    const first = new Date(Date.now() - 60_000);
    const s = await scheduleOn(ticketId, { sendAt: first, repeatCount: 2, repeatPeriod: 'weekly' });
    const at = (days: number) => new Date(first.getTime() + days * DAY + 1000);

    expect(await withTenant(db(), a.tenantId, (sc) => sendDueSchedule(sc, s.id, at(0)))).toBe('sent');
    expect(await scheduleRow(s.id)).toMatchObject({ status: 'pending', sentCount: 1, sendAt: new Date(first.getTime() + 7 * DAY) });
    expect(await withTenant(db(), a.tenantId, (sc) => sendDueSchedule(sc, s.id, at(6)))).toBe('not-due');
    expect(await withTenant(db(), a.tenantId, (sc) => sendDueSchedule(sc, s.id, at(7)))).toBe('sent');
    expect(await scheduleRow(s.id)).toMatchObject({ sentCount: 2, sendAt: new Date(first.getTime() + 14 * DAY) });
    expect((await ticketRow(h, a, ticketId))!.scheduledMessages).toBe(1);
    expect(await withTenant(db(), a.tenantId, (sc) => sendDueSchedule(sc, s.id, at(14)))).toBe('sent');
    expect(await scheduleRow(s.id)).toMatchObject({ status: 'sent', sentCount: 3 });
    expect((await ticketRow(h, a, ticketId))!.scheduledMessages).toBe(0);
    expect(await withTenant(db(), a.tenantId, (sc) => sendDueSchedule(sc, s.id, at(21)))).toBe('not-due');
    expect(await outbound(ticketId)).toHaveLength(3);
  });

  it('fills the message variables at send time', async () => {
    const { ticketId } = await openConversation(h, a);
    await scheduleOn(ticketId, { body: 'agendada: {{greeting}}, {{name}}! Protocolo {{protocol}}' });
    await sweepDueSchedules(db());
    const [m] = await outbound(ticketId);
    const protocol = (await ticketRow(h, a, ticketId))!.protocol;
    expect(m!.body).toMatch(new RegExp(`^agendada: (Bom dia|Boa tarde|Boa noite), Dora! Protocolo ${protocol}$`));
  });

  it('sends its file as media, the stored file shared with the message', async () => {
    const { ticketId } = await openConversation(h, a);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const key = await storageOf(db()).put(a.tenantId, png, 'image/png', 'foto.png');
    await scheduleOn(ticketId, { body: 'agendada com foto', mediaKey: key, mediaName: 'foto.png', mimeType: 'image/png' });
    await sweepDueSchedules(db());
    const sent = await until(
      () => outbound(ticketId),
      (ms) => ms[0]?.status === 'sent',
    );
    expect(sent[0]).toMatchObject({ mediaType: 'image', mediaKey: key, mediaName: 'foto.png', mimeType: 'image/png', status: 'sent' });
  });

  it('ends in error with the reason when it can never be sent', async () => {
    const w = await openConversation(h, a, 1, 'waba');
    await withTenant(db(), a.tenantId, (s) =>
      s.update(tickets, { lastInboundAt: new Date(Date.now() - 25 * 3_600_000) }, eq(tickets.id, w.ticketId)),
    );
    const s = await scheduleOn(w.ticketId);
    expect(await sweepDueSchedules(db())).toBe(0);
    expect(await scheduleRow(s.id)).toMatchObject({ status: 'error', lastError: 'ERR_WINDOW_CLOSED', sentCount: 0 });
    expect((await ticketRow(h, a, w.ticketId))!.scheduledMessages).toBe(0);
    expect(await outbound(w.ticketId)).toHaveLength(0);
  });

  it('the timer and the sweep racing for one occurrence send it once', async () => {
    const { ticketId } = await openConversation(h, a);
    const s = await scheduleOn(ticketId);
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => withTenant(db(), a.tenantId, (sc) => sendDueSchedule(sc, s.id))),
    );
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(await outbound(ticketId)).toHaveLength(1);
  });

  it.skipIf(!process.env.DATABASE_URL)('two instances sweeping at once never send one occurrence twice', async () => {
    const h2 = await startHarness({}, { shareWith: h });
    try {
      const { ticketId } = await openConversation(h, a);
      const rows = [];
      for (let i = 0; i < 30; i++) rows.push(await scheduleOn(ticketId, { repeatCount: 1, repeatPeriod: 'weekly' }));
      const [n1, n2] = await Promise.all([sweepDueSchedules(h.app.platform.db), sweepDueSchedules(h2.app.platform.db)]);
      expect(n1 + n2).toBe(30);
      const out = await outbound(ticketId);
      expect(out).toHaveLength(30);
      expect(new Set(out.map((m) => m.body)).size).toBe(30);
      for (const r of rows) expect(await scheduleRow(r.id)).toMatchObject({ sentCount: 1, status: 'pending' });
    } finally {
      await h2.close();
    }
  });
});
