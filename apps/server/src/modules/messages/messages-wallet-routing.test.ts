// DirectTicketsToWallets (DOMAIN.md Wallets): a customer's new ticket goes open to its wallet
// owner, on the one-statement path and on the transactional one (a channel that greets), and
// only in the company that switched the setting on.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { contacts, contactWallets } from '../../platform/db/schema.js';
import { setEmitter } from '../../platform/realtime/publish.js';
import type { Room } from '../../platform/realtime/realtime.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { fakeAdapter, inbound, makeChannel, phone, ticketRow } from './messages.test-support.js';

registerChannelAdapter(fakeAdapter('telegram').adapter);

let h: Harness;
let a: Company;
let b: Company;
let owner: Session;
const sent: { room: Room; event: string; payload: { ticket?: { id: number } } }[] = [];

const setting = (c: Company, value: 'enabled' | 'disabled') =>
  h.request('PUT', '/settings/DirectTicketsToWallets', { token: c.admin.token, body: { value } });

/** A known contact of company `c` whose wallet holds `userId`. */
async function ownedContact(c: Company, userId: number | null) {
  return withTenant(h.app.platform.db, c.tenantId, async (s) => {
    const contact = await s.insert(contacts, { name: 'Cliente da carteira', number: phone() });
    if (userId) await s.insert(contactWallets, { contactId: contact.id, userId });
    return contact;
  });
}

beforeAll(async () => {
  h = await startHarness();
  setEmitter(h.app.platform.db, (_tenantId, room, event, payload) => sent.push({ room, event, payload } as never));
  a = await h.company();
  b = await h.company();
  // An agent in no queue: it hears of the ticket only because it is now its own.
  owner = await h.user(a, 'user');
});
afterAll(() => h.close());
beforeEach(() => void sent.splice(0));

describe('DirectTicketsToWallets on the inbound path', () => {
  it('off: a new ticket of an owned contact stays pending for the queue', async () => {
    await setting(a, 'disabled');
    const channel = await makeChannel(h, a);
    const contact = await ownedContact(a, owner.userId);
    const r = await inbound(h, a, channel, { from: { number: contact.number, name: 'X' } });
    expect(await ticketRow(h, a, r.ticketId!)).toMatchObject({ status: 'pending', userId: null });
  });

  it('on: it opens to the owner (one-statement path), who sees it and hears of it', async () => {
    await setting(a, 'enabled');
    const channel = await makeChannel(h, a);
    const contact = await ownedContact(a, owner.userId);
    const r = await inbound(h, a, channel, { from: { number: contact.number, name: 'X' } });
    const row = await ticketRow(h, a, r.ticketId!);
    expect(row).toMatchObject({ status: 'open', userId: owner.userId, chatFlowId: null, botState: null });
    expect(row!.startedAttendanceAt).not.toBeNull();
    const seen = await h.request('GET', `/tickets/${r.ticketId}`, { token: owner.token });
    expect(seen).toMatchObject({ status: 200, body: { status: 'open', userId: owner.userId, can: { reply: true } } });
    await vi.waitFor(() =>
      expect(
        sent.some(
          (s) =>
            s.event === 'ticket' &&
            s.room.kind === 'user' &&
            s.room.userId === owner.userId &&
            s.payload.ticket?.id === r.ticketId,
        ),
      ).toBe(true),
    );
  });

  it('on: a channel that greets (the transactional path) opens it to the owner too', async () => {
    await setting(a, 'enabled');
    const channel = await makeChannel(h, a, { greetingMessage: 'Bem-vindo!' });
    const contact = await ownedContact(a, owner.userId);
    const r = await inbound(h, a, channel, { from: { number: contact.number, name: 'X' } });
    expect(await ticketRow(h, a, r.ticketId!)).toMatchObject({ status: 'open', userId: owner.userId });
  });

  it('on: a contact without a wallet, and a new contact, still go pending to the queue', async () => {
    await setting(a, 'enabled');
    const channel = await makeChannel(h, a);
    const unowned = await ownedContact(a, null);
    const r1 = await inbound(h, a, channel, { from: { number: unowned.number, name: 'X' } });
    const r2 = await inbound(h, a, channel, { from: { number: phone(), name: 'Novo' } });
    for (const r of [r1, r2])
      expect(await ticketRow(h, a, r.ticketId!)).toMatchObject({ status: 'pending', userId: null });
  });

  it("another company's setting changes nothing here", async () => {
    await setting(a, 'disabled');
    await setting(b, 'enabled');
    const channel = await makeChannel(h, a);
    const contact = await ownedContact(a, owner.userId);
    const r = await inbound(h, a, channel, { from: { number: contact.number, name: 'X' } });
    expect(await ticketRow(h, a, r.ticketId!)).toMatchObject({ status: 'pending', userId: null });
    // And its admin cannot open this company's ticket.
    expect((await h.request('GET', `/tickets/${r.ticketId}`, { token: b.admin.token })).status).toBe(404);
  });
});
