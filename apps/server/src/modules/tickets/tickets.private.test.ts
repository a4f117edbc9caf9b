// Private tickets (SPEC §6): the agent marks its open ticket private; then every other user,
// admins included, loses it — one ticket, the list, its messages, its socket events — unless
// viewPrivateTickets lets admins see it. Returning it to the queue makes it public again.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Room } from '../../platform/realtime/realtime.js';
import { eq } from 'drizzle-orm';
import { channels, contacts, schedules } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { setEmitter } from '../../platform/realtime/publish.js';
import { ingestInbound } from '../messages/commands/ingest-inbound.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from './test-factories.js';

let h: Harness;
let a: Company;
let b: Company;
let agent: Session;
let member: Session;
let sup: Session;
let queue: number;
let f: ReturnType<typeof ticketFactories>;
const sent: { tenantId: number; room: Room; event: string; payload: { ticket?: { id: number } } }[] = [];

const viewPrivate = (value: 'enabled' | 'disabled') =>
  h.request('PUT', '/settings/viewPrivateTickets', { token: a.admin.token, body: { value } });
const get = (s: Session, id: number) => h.request('GET', `/tickets/${id}`, { token: s.token });
const listed = async (s: Session, id: number) =>
  (await h.request('GET', '/tickets?status=open&showAll=true', { token: s.token })).body.tickets.some(
    (t: { id: number }) => t.id === id,
  );

/** An open ticket of `agent` in the shared queue, marked private through the route. */
async function privateTicket() {
  const t = await f.ticket({ queueId: queue, status: 'open', userId: agent.userId });
  const res = await h.request('PUT', `/tickets/${t.id}/private`, { token: agent.token, body: { isPrivate: true } });
  expect(res).toMatchObject({ status: 200, body: { isPrivate: true, can: { markPrivate: true } } });
  return t;
}

beforeAll(async () => {
  h = await startHarness();
  setEmitter(h.app.platform.db, (tenantId, room, event, payload) =>
    sent.push({ tenantId, room, event, payload } as never),
  );
  a = await h.company();
  b = await h.company();
  f = ticketFactories(h.app.platform.db, a.tenantId);
  queue = (await f.queue()).id;
  agent = await h.user(a, 'user', { queueIds: [queue] });
  member = await h.user(a, 'user', { queueIds: [queue] });
  sup = await h.user(a, 'supervisor');
});
afterAll(() => h.close());
beforeEach(() => void sent.splice(0));

describe('private tickets', () => {
  it('only the agent working an open ticket may mark it; bad input changes nothing', async () => {
    const t = await f.ticket({ queueId: queue, status: 'open', userId: agent.userId });
    const byMember = await h.request('PUT', `/tickets/${t.id}/private`, {
      token: member.token,
      body: { isPrivate: true },
    });
    expect(byMember).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const byAdmin = await h.request('PUT', `/tickets/${t.id}/private`, {
      token: a.admin.token,
      body: { isPrivate: true },
    });
    expect(byAdmin).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const bad = await h.request('PUT', `/tickets/${t.id}/private`, { token: agent.token, body: { isPrivate: 'yes' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect((await get(agent, t.id)).body).toMatchObject({ isPrivate: false, can: { markPrivate: true } });
    expect((await get(member, t.id)).body.can.markPrivate).toBe(false);
  });

  it('hides it from every other user, admins and supervisors with showAll included', async () => {
    await viewPrivate('disabled');
    const t = await privateTicket();
    expect((await get(agent, t.id)).status).toBe(200);
    expect(await listed(agent, t.id)).toBe(true);
    for (const s of [member, sup, a.admin]) {
      expect(await get(s, t.id)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
      expect(await listed(s, t.id)).toBe(false);
      expect((await h.request('GET', `/messages/${t.id}`, { token: s.token })).status).toBe(404);
    }
  });

  it('viewPrivateTickets on: admins see it, nobody else does', async () => {
    const t = await privateTicket();
    await viewPrivate('enabled');
    try {
      expect((await get(a.admin, t.id)).body).toMatchObject({ id: t.id, isPrivate: true });
      expect(await listed(a.admin, t.id)).toBe(true);
      for (const s of [member, sup]) {
        expect((await get(s, t.id)).status).toBe(404);
        expect(await listed(s, t.id)).toBe(false);
      }
    } finally {
      await viewPrivate('disabled');
    }
  });

  it('its socket events reach its agent only (the admins room too with viewPrivateTickets)', async () => {
    const t = await privateTicket();
    const rooms = () =>
      sent
        .filter((s) => s.event === 'ticket' && s.payload.ticket?.id === t.id)
        .map((s) => (s.room.kind === 'user' ? `user:${s.room.userId}` : s.room.kind));
    await vi.waitFor(() => expect(rooms()).toContain(`user:${agent.userId}`));
    expect(rooms()).not.toContain('ticketAdmins');
    expect(rooms()).not.toContain(`user:${member.userId}`);
    expect(rooms()).not.toContain(`user:${sup.userId}`);
    await viewPrivate('enabled');
    try {
      sent.splice(0);
      await h.request('PUT', `/tickets/${t.id}/private`, { token: agent.token, body: { isPrivate: true } });
      await vi.waitFor(() => expect(rooms()).toContain('ticketAdmins'));
      expect(rooms()).not.toContain(`user:${member.userId}`);
    } finally {
      await viewPrivate('disabled');
    }
  });

  it("a customer's message on it reaches its agent only, not the admins room", async () => {
    const t = await privateTicket();
    await withTenant(h.app.platform.db, a.tenantId, async (s) => {
      const channel = (await s.first(channels, eq(channels.id, t.channelId!)))!;
      const contact = (await s.first(contacts, eq(contacts.id, t.contactId)))!;
      sent.splice(0);
      const r = await ingestInbound(s, channel, {
        kind: 'message',
        externalId: `private-${t.id}`,
        from: { number: contact.number, name: contact.name },
        body: 'só para você',
      });
      expect(r.ticketId).toBe(t.id);
    });
    const rooms = () =>
      sent
        .filter((s) => s.event === 'message')
        .map((s) => (s.room.kind === 'user' ? `user:${s.room.userId}` : s.room.kind));
    await vi.waitFor(() => expect(rooms()).toContain(`user:${agent.userId}`));
    expect(rooms()).not.toContain('ticketAdmins');
    expect(rooms()).not.toContain(`user:${member.userId}`);
  });

  it('returned to the queue it is public again; marked public it is visible again', async () => {
    const t = await privateTicket();
    await h.request('PUT', `/tickets/${t.id}`, { token: agent.token, body: { status: 'pending' } });
    expect((await get(member, t.id)).body).toMatchObject({ status: 'pending', isPrivate: false });
    const u = await privateTicket();
    await h.request('PUT', `/tickets/${u.id}/private`, { token: agent.token, body: { isPrivate: false } });
    expect((await get(a.admin, u.id)).body).toMatchObject({ isPrivate: false });
  });

  it("bulk close and bulk delete leave an agent's private ticket alone", async () => {
    await viewPrivate('disabled');
    const t = await privateTicket();
    const body = { ticketIds: [t.id] };
    expect((await h.request('POST', '/tickets/close-tickets', { token: a.admin.token, body })).body).toEqual({
      count: 0,
    });
    expect((await h.request('POST', '/tickets/del-tickets', { token: a.admin.token, body })).body).toEqual({
      count: 0,
    });
    expect((await get(agent, t.id)).body).toMatchObject({ status: 'open', isPrivate: true });
  });

  it("its scheduled messages stay out of the admin's schedule list", async () => {
    await viewPrivate('disabled');
    const t = await privateTicket();
    const body = `agendado ${t.id}`;
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.insert(schedules, {
        contactId: t.contactId,
        ticketId: t.id,
        userId: agent.userId,
        body,
        sendAt: new Date(Date.now() + 3_600_000),
      }),
    );
    const bodies = async (s: Session) =>
      (await h.request('GET', '/schedule', { token: s.token })).body.schedules.map((x: { body: string }) => x.body);
    expect(await bodies(agent)).toContain(body);
    expect(await bodies(a.admin)).not.toContain(body);
    expect(await bodies(sup)).not.toContain(body);
  });

  it("another company's ticket answers 404 and is not changed", async () => {
    const theirs = await ticketFactories(h.app.platform.db, b.tenantId).ticket({ status: 'open' });
    const res = await h.request('PUT', `/tickets/${theirs.id}/private`, {
      token: a.admin.token,
      body: { isPrivate: true },
    });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect((await get(b.admin, theirs.id)).body.isPrivate).toBe(false);
  });
});
