import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ticketLogs, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { sweepAutoTickets } from './commands/sweep-auto-tickets.js';
import { autoCloseTicketsJob } from './jobs/auto-close-tickets.job.js';
import { autoPendingTicketsJob } from './jobs/auto-pending-tickets.job.js';
import { closeAfterFarewellJob } from './jobs/close-after-farewell.job.js';
import { sweepFarewellClosesJob } from './jobs/sweep-farewell-closes.job.js';
import { ticketFactories } from './test-factories.js';

let h: Harness;
let a: Company;
let b: Company;

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const setting = (c: Company, key: string, value: string) =>
  h.request('PUT', `/settings/${key}`, { token: c.admin.token, body: { value } });
const rowOf = (c: Company, id: number) =>
  withTenant(h.app.platform.db, c.tenantId, (s) => s.first(tickets, eq(tickets.id, id)));
const logsOf = (c: Company, id: number) =>
  withTenant(h.app.platform.db, c.tenantId, (s) => s.select(ticketLogs, eq(ticketLogs.ticketId, id))).then((r) =>
    r.map((l) => l.type),
  );
const ctx = () => ({ platform: h.app.platform, attempt: 0 });

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

describe('tickets.auto-close', () => {
  it('closes the tickets whose customer went silent, with the message, only in tenants that turned it on', async () => {
    const fa = ticketFactories(h.app.platform.db, a.tenantId);
    const fb = ticketFactories(h.app.platform.db, b.tenantId);
    await setting(a, 'autoCloseTicketsTime', '10m');
    await setting(a, 'autoCloseTicketsMessage', 'Encerramos por inatividade.');
    const silent = await fa.ticket({ status: 'open', lastInboundAt: ago(11) });
    const silentPending = await fa.ticket({ status: 'pending', lastInboundAt: ago(30) });
    const talking = await fa.ticket({ status: 'open', lastInboundAt: ago(2) });
    const bSilent = await fb.ticket({ status: 'open', lastInboundAt: ago(600) });

    await autoCloseTicketsJob.handler({}, ctx());

    expect(await rowOf(a, silent.id)).toMatchObject({ status: 'closed' });
    expect(await rowOf(a, silentPending.id)).toMatchObject({ status: 'closed' });
    expect(await rowOf(a, talking.id)).toMatchObject({ status: 'open' });
    expect(await rowOf(b, bSilent.id)).toMatchObject({ status: 'open' });
    expect(await logsOf(a, silent.id)).toEqual(['autoClose']);
    const sent = await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.select(messages, eq(messages.ticketId, silent.id)),
    );
    // Recorded for the outbox (whose job may already have tried to send it: its status is the job's).
    expect(sent).toEqual([expect.objectContaining({ fromMe: true, body: 'Encerramos por inatividade.' })]);
  });

  it('runs per tenant with a scope too, and does nothing when nothing is due', async () => {
    const c = await h.company();
    const fc = ticketFactories(h.app.platform.db, c.tenantId);
    const t = await fc.ticket({ status: 'open', lastInboundAt: ago(61) });
    await fc.ticket({ status: 'open', lastInboundAt: ago(59) });
    const n = await withTenant(h.app.platform.db, c.tenantId, (s) => sweepAutoTickets(s, 'autoClose', '1h'));
    expect(n).toBe(1);
    expect(await rowOf(c, t.id)).toMatchObject({ status: 'closed' });
    expect(await withTenant(h.app.platform.db, c.tenantId, (s) => sweepAutoTickets(s, 'autoClose', '1h'))).toBe(0);
  });
});

describe('tickets.auto-pending', () => {
  it('returns open tickets whose agent went silent to the queue, logged', async () => {
    const c = await h.company();
    const fc = ticketFactories(h.app.platform.db, c.tenantId);
    await setting(c, 'autoPendingTicketsTime', '1h');
    const silent = await fc.ticket({ status: 'open', userId: c.admin.userId, lastOutboundAt: ago(61) });
    const busy = await fc.ticket({ status: 'open', userId: c.admin.userId, lastOutboundAt: ago(5) });
    const pending = await fc.ticket({ status: 'pending', lastOutboundAt: ago(600) });
    await autoPendingTicketsJob.handler({}, ctx());
    expect(await rowOf(c, silent.id)).toMatchObject({ status: 'pending', userId: null });
    expect(await rowOf(c, busy.id)).toMatchObject({ status: 'open', userId: c.admin.userId });
    expect(await rowOf(c, pending.id)).toMatchObject({ status: 'pending' });
    const logs = await withTenant(h.app.platform.db, c.tenantId, (s) =>
      s.select(ticketLogs, eq(ticketLogs.ticketId, silent.id)),
    );
    expect(logs).toEqual([expect.objectContaining({ type: 'autoPending', userId: c.admin.userId })]);
    // No message configured: none recorded.
    expect(
      await withTenant(h.app.platform.db, c.tenantId, (s) => s.count(messages, eq(messages.ticketId, silent.id))),
    ).toBe(0);
  });
});

describe('tickets.close-after-farewell', () => {
  it('closes a due ticket of its own tenant only', async () => {
    const fa = ticketFactories(h.app.platform.db, a.tenantId);
    const t = await fa.ticket({ status: 'open', closeAfter: ago(0.01) });
    // The job of another tenant with this ticket id finds nothing.
    await withTenant(h.app.platform.db, b.tenantId, (scope) =>
      closeAfterFarewellJob.handler({ tenantId: b.tenantId, ticketId: t.id, userId: null }, { ...ctx(), scope }),
    );
    expect(await rowOf(a, t.id)).toMatchObject({ status: 'open' });
    await withTenant(h.app.platform.db, a.tenantId, (scope) =>
      closeAfterFarewellJob.handler(
        { tenantId: a.tenantId, ticketId: t.id, userId: a.admin.userId },
        { ...ctx(), scope },
      ),
    );
    expect(await rowOf(a, t.id)).toMatchObject({ status: 'closed', closeAfter: null });
    expect(await logsOf(a, t.id)).toEqual(['closed']);
  });

  it('a close whose job was lost (crash after commit) is done by the sweeper, not one still due', async () => {
    const fa = ticketFactories(h.app.platform.db, a.tenantId);
    const fb = ticketFactories(h.app.platform.db, b.tenantId);
    const lost = await fa.ticket({ status: 'open', userId: a.admin.userId, closeAfter: ago(2) });
    const lostB = await fb.ticket({ status: 'pending', closeAfter: ago(5) });
    const stillDue = await fa.ticket({ status: 'open', closeAfter: new Date(Date.now() + 3_000) });
    await sweepFarewellClosesJob.handler({}, ctx());
    expect(await rowOf(a, lost.id)).toMatchObject({ status: 'closed', closeAfter: null });
    expect(await rowOf(b, lostB.id)).toMatchObject({ status: 'closed', closeAfter: null });
    expect(await rowOf(a, stillDue.id)).toMatchObject({ status: 'open' });
    expect(await logsOf(a, lost.id)).toEqual(['closed']);
    // Once closed, a second sweep finds nothing and logs nothing more.
    await sweepFarewellClosesJob.handler({}, ctx());
    expect(await logsOf(a, lost.id)).toEqual(['closed']);
  });
});
