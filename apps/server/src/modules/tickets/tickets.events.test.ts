// Ticket events reach only the ticket's own tenant, and only people who may see the ticket.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Room } from '../../platform/realtime/realtime.js';
import { setEmitter } from '../../platform/realtime/publish.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from './test-factories.js';

interface Sent {
  tenantId: number;
  room: Room;
  event: string;
  payload: { action: string; ticket: { id: number; can: Record<string, boolean> } };
}

let h: Harness;
let a: Company;
let b: Company;
let member: Session;
let member2: Session;
let outsider: Session;
let queue: number;
let f: ReturnType<typeof ticketFactories>;
const sent: Sent[] = [];

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
const recipients = (ticketId: number) =>
  sent
    .filter((s) => s.event === 'ticket' && s.payload.ticket.id === ticketId)
    .map((s) => (s.room.kind === 'user' ? `user:${s.room.userId}` : s.room.kind));

beforeAll(async () => {
  h = await startHarness();
  // Record what would go to sockets instead of sending it.
  setEmitter(h.app.platform.db, (tenantId, room, event, payload) =>
    sent.push({ tenantId, room, event, payload } as Sent),
  );
  a = await h.company();
  b = await h.company();
  f = ticketFactories(h.app.platform.db, a.tenantId);
  queue = (await f.queue()).id;
  member = await h.user(a, 'user', { queueIds: [queue] });
  member2 = await h.user(a, 'user', { queueIds: [queue] });
  outsider = await h.user(a, 'user');
  await ticketFactories(h.app.platform.db, b.tenantId).ticket();
});
afterAll(() => h.close());
beforeEach(() => void sent.splice(0));

describe('ticket events', () => {
  it('go to admins and the queue members, never to agents outside the queue or another tenant', async () => {
    const t = await f.ticket({ queueId: queue });
    await h.request('PUT', `/tickets/${t.id}`, { token: member.token, body: { status: 'open' } });
    await settle();
    expect(sent.every((s) => s.tenantId === a.tenantId)).toBe(true);
    expect(recipients(t.id).sort()).toEqual(['ticketAdmins', `user:${member.userId}`, `user:${member2.userId}`].sort());
    const mine = sent.find((s) => s.room.kind === 'user' && s.room.userId === member.userId)!;
    expect(mine.payload).toMatchObject({ action: 'update', ticket: { id: t.id, can: { reply: true } } });
    const theirs = sent.find((s) => s.room.kind === 'user' && s.room.userId === member2.userId)!;
    expect(theirs.payload.ticket.can.reply).toBe(false);
    expect(recipients(t.id)).not.toContain(`user:${outsider.userId}`);
  });

  it('follow NotViewAssignedTickets: other members no longer hear of an assigned ticket', async () => {
    await h.request('PUT', '/settings/NotViewAssignedTickets', { token: a.admin.token, body: { value: 'enabled' } });
    try {
      const t = await f.ticket({ queueId: queue });
      sent.splice(0);
      await h.request('PUT', `/tickets/${t.id}`, { token: member.token, body: { status: 'open' } });
      await settle();
      expect(recipients(t.id).sort()).toEqual(['ticketAdmins', `user:${member.userId}`].sort());
    } finally {
      await h.request('PUT', '/settings/NotViewAssignedTickets', { token: a.admin.token, body: { value: 'disabled' } });
    }
  });

  it('a ticket without a queue goes to admins and its user', async () => {
    const t = await f.ticket({ queueId: null, status: 'open', userId: outsider.userId, isGroup: true });
    await h.request('PUT', `/tickets/${t.id}`, { token: outsider.token, body: { status: 'pending' } });
    await settle();
    // Back in no queue and unassigned, the group is the admins' only.
    expect(recipients(t.id)).toEqual(['ticketAdmins']);
  });

  it('create and delete are published too', async () => {
    const contact = await f.contact();
    await f.channel({ isDefault: true });
    const created = await h.request('POST', '/tickets/new', {
      token: member.token,
      body: { contactId: contact.id, queueId: queue },
    });
    await h.request('DELETE', `/tickets/${created.body.id}`, { token: a.admin.token });
    await settle();
    const actions = sent
      .filter((s) => s.room.kind === 'ticketAdmins' && s.payload.ticket.id === created.body.id)
      .map((s) => s.payload.action);
    expect(actions).toEqual(['create', 'delete']);
    expect(recipients(created.body.id)).toContain(`user:${member2.userId}`);
  });
});
