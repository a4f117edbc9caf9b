import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { contacts, messages, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { resendStuckJob } from './jobs/resend-stuck.job.js';
import {
  fakeAdapter,
  inbound,
  makeChannel,
  messageRow,
  newId,
  phone,
  ticketMessages,
  ticketRow,
  until,
} from './messages.test-support.js';

let h: Harness;
let a: Company;
const fake = fakeAdapter('telegram');
registerChannelAdapter(fake.adapter);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
});
afterAll(() => h.close());

/** A ticket of a new contact, accepted by the admin so it may reply. */
async function openTicket(c: Company = a, type: 'telegram' | 'messenger' = 'telegram') {
  const channel = await makeChannel(h, c, { type });
  const r = await inbound(h, c, channel, { from: { number: phone(), name: 'Carla' }, body: 'oi' });
  await withTenant(h.app.platform.db, c.tenantId, (s) =>
    s.update(tickets, { status: 'open', userId: c.admin.userId }, eq(tickets.id, r.ticketId!)),
  );
  return { channel, ticketId: r.ticketId! };
}
const post = (ticketId: number, body: unknown, token = a.admin.token) =>
  h.request('POST', `/messages/${ticketId}`, { token, body });
const settled = (id: number) =>
  until(
    () => messageRow(h, a, id),
    (m) => m?.status !== 'pending',
  );

describe(`outbound path (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('records the message first, then the job sends it once and marks it sent', async () => {
    const { ticketId } = await openTicket();
    const res = await post(ticketId, { body: 'Olá {{name}}, protocolo {{protocol}}' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fromMe: true, status: 'pending', userId: a.admin.userId });
    const ticket = await ticketRow(h, a, ticketId);
    expect(res.body.body).toBe(`Olá Carla, protocolo ${ticket!.protocol}`);
    expect(ticket).toMatchObject({ answered: true, lastMessage: res.body.body });
    const row = await settled(res.body.id);
    expect(row).toMatchObject({ status: 'sent', externalId: expect.stringMatching(/^ext-/), sendAttempts: 1 });
    expect(fake.sent.filter((m) => m.messageId === res.body.id)).toHaveLength(1);
  });

  it("one ticket's messages leave in the order they were written; several tickets' side by side", async () => {
    const one = await openTicket();
    const two = await openTicket();
    // Written alternately, each after the last was recorded; the provider answers in 150 ms.
    const ids: Record<number, number[]> = { [one.ticketId]: [], [two.ticketId]: [] };
    for (let i = 1; i <= 4; i++)
      for (const t of [one, two]) {
        const res = await post(t.ticketId, { body: `slow ${t.ticketId} #${i}` });
        expect(res.status).toBe(201);
        ids[t.ticketId]!.push(res.body.id);
      }
    for (const id of [...ids[one.ticketId]!, ...ids[two.ticketId]!]) expect(await settled(id)).toMatchObject({ status: 'sent' });
    for (const t of [one, two])
      expect(fake.sent.filter((m) => m.body.includes(`slow ${t.ticketId} #`)).map((m) => m.messageId)).toEqual(ids[t.ticketId]);
    // The two tickets' sends overlapped: the outbox does not wait for one provider call to make the next.
    expect(fake.state.mostInFlight).toBeGreaterThan(1);
  });

  it('retries a retryable failure with backoff and sends once', async () => {
    const { ticketId } = await openTicket();
    const res = await post(ticketId, { body: 'flaky send' });
    const row = await settled(res.body.id);
    expect(row).toMatchObject({ status: 'sent', sendAttempts: 2, lastError: null });
    expect(fake.calls.filter((m) => m.messageId === res.body.id)).toHaveLength(2);
    expect(fake.sent.filter((m) => m.messageId === res.body.id)).toHaveLength(1);
  });

  it('marks a non-retryable failure failed; resend puts it back and it is sent', async () => {
    const { ticketId } = await openTicket();
    const res = await post(ticketId, { body: 'fatal send' });
    expect(await settled(res.body.id)).toMatchObject({ status: 'failed', lastError: 'invalid recipient' });
    expect(fake.calls.filter((m) => m.messageId === res.body.id)).toHaveLength(1);
    fake.state.healed = true;
    const again = await h.request('POST', `/messages/resend/${res.body.id}`, { token: a.admin.token });
    expect(again).toMatchObject({ status: 200, body: { status: 'pending' } });
    expect(await settled(res.body.id)).toMatchObject({ status: 'sent', lastError: null });
    expect(fake.sent.filter((m) => m.messageId === res.body.id)).toHaveLength(1);
    // A sent message cannot be resent.
    expect((await h.request('POST', `/messages/resend/${res.body.id}`, { token: a.admin.token })).status).toBe(403);
  });

  it('a clientId makes a retried POST answer the same message', async () => {
    const { ticketId } = await openTicket();
    const clientId = newId();
    const first = await post(ticketId, { body: 'uma vez', clientId });
    const [second, third] = await Promise.all([
      post(ticketId, { body: 'uma vez', clientId }),
      post(ticketId, { body: 'uma vez', clientId }),
    ]);
    expect(first.status).toBe(201);
    expect(second).toMatchObject({ status: 200, body: { id: first.body.id, clientId } });
    expect(third).toMatchObject({ status: 200, body: { id: first.body.id } });
    const rows = (await ticketMessages(h, a, ticketId)).filter((m) => m.fromMe);
    expect(rows).toHaveLength(1);
    await settled(first.body.id);
    expect(fake.sent.filter((m) => m.messageId === first.body.id)).toHaveLength(1);
  });

  it('a ticket without channel fails with ERR_NO_WAPP_FOUND; a channel without adapter with ERR_WAPP_NOT_INITIALIZED', async () => {
    const { ticketId } = await openTicket();
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(tickets, { channelId: null }, eq(tickets.id, ticketId)),
    );
    const res = await post(ticketId, { body: 'sem canal' });
    expect(await settled(res.body.id)).toMatchObject({ status: 'failed', lastError: 'ERR_NO_WAPP_FOUND' });
    const other = await openTicket(a, 'messenger');
    const res2 = await post(other.ticketId, { body: 'sem adaptador' });
    expect(await settled(res2.body.id)).toMatchObject({ status: 'failed', lastError: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it('the sweeper sends a pending message whose enqueue was lost (crash between commit and enqueue)', async () => {
    const { ticketId, channel } = await openTicket();
    const lost = await withTenant(h.app.platform.db, a.tenantId, async (s) => {
      const t = await s.first(tickets, eq(tickets.id, ticketId));
      return s.insert(messages, {
        ticketId,
        contactId: t!.contactId,
        channelId: channel.id,
        fromMe: true,
        body: 'perdida',
        status: 'pending',
        updatedAt: new Date(Date.now() - 5 * 60_000),
      });
    });
    await resendStuckJob.handler({}, { platform: h.app.platform, attempt: 0 });
    expect(await settled(lost.id)).toMatchObject({ status: 'sent' });
    // Running the sweeper again sends nothing twice.
    await resendStuckJob.handler({}, { platform: h.app.platform, attempt: 0 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(fake.sent.filter((m) => m.messageId === lost.id)).toHaveLength(1);
  });

  it('an agent may not reply to a pending ticket or to someone else’s; the ticket is unchanged', async () => {
    const channel = await makeChannel(h, a);
    const r = await inbound(h, a, channel, { from: { number: phone() } });
    const agent = await h.user(a, 'user');
    const before = await ticketRow(h, a, r.ticketId!);
    const res = await post(r.ticketId!, { body: 'oi' }, agent.token);
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await ticketMessages(h, a, r.ticketId!)).toHaveLength(1);
    expect(await ticketRow(h, a, r.ticketId!)).toEqual(before);
  });

  it('resolves contact extra-info keys and the agent', async () => {
    const { ticketId } = await openTicket();
    const t = await ticketRow(h, a, ticketId);
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(
        contacts,
        { extraInfo: [{ name: 'pedido', value: 'A-77' }], email: 'carla@ex.com' },
        eq(contacts.id, t!.contactId),
      ),
    );
    const res = await post(ticketId, { body: 'Pedido {{pedido}} de {{email}} por {{user}} <{{userEmail}}>' });
    expect(res.body.body).toBe(`Pedido A-77 de carla@ex.com por Admin <${a.admin.email}>`);
  });
});
