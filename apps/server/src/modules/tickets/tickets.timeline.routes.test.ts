/**
 * What the conversation's timeline and the history panel read: the viewer's `can.read` (so the
 * web app never asks for messages it may not see), and transfers with both sides named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from './test-factories.js';

let h: Harness;
let a: Company;
let b: Company;
let fa: ReturnType<typeof ticketFactories>;
let vendas: { id: number; name: string };
let encomendas: { id: number; name: string };
let agent: Session;
let other: Session;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  fa = ticketFactories(h.app.platform.db, a.tenantId);
  vendas = await fa.queue({ name: 'Vendas' });
  encomendas = await fa.queue({ name: 'Encomendas' });
  agent = await h.user(a, 'user', { queueIds: [vendas.id] });
  other = await h.user(a, 'user', { queueIds: [encomendas.id] });
});
afterAll(() => h.close());

const spy = (value: 'enabled' | 'disabled') =>
  h.request('PUT', '/settings/spyticket', { token: a.admin.token, body: { value } });

describe('the ticket tells whether its messages may be read', () => {
  it('a pending ticket: read only with spyticket, and /messages agrees; after accepting, always', async () => {
    const tk = await fa.ticket({ queueId: vendas.id });
    expect((await spy('disabled')).status).toBe(200);
    const view = await h.request('GET', `/tickets/${tk.id}`, { token: agent.token });
    expect(view.body.can).toMatchObject({ accept: true, read: false });
    expect((await h.request('GET', `/messages/${tk.id}`, { token: agent.token })).status).toBe(403);
    // The list carries the same answer.
    const list = await h.request('GET', '/tickets?status=pending', { token: agent.token });
    expect(list.body.tickets.find((t: { id: number }) => t.id === tk.id).can.read).toBe(false);

    expect((await spy('enabled')).status).toBe(200);
    expect((await h.request('GET', `/tickets/${tk.id}`, { token: agent.token })).body.can.read).toBe(true);
    expect((await h.request('GET', `/messages/${tk.id}`, { token: agent.token })).status).toBe(200);

    await spy('disabled');
    const accepted = await h.request('PUT', `/tickets/${tk.id}`, { token: agent.token, body: { status: 'open' } });
    expect(accepted.body.can.read).toBe(true);
    expect((await h.request('GET', `/messages/${tk.id}`, { token: agent.token })).status).toBe(200);
    // An admin reads anything it sees.
    const pending = await fa.ticket({ queueId: vendas.id });
    expect((await h.request('GET', `/tickets/${pending.id}`, { token: a.admin.token })).body.can.read).toBe(true);
  });
});

describe('the log names both sides of a transfer', () => {
  it('transfer from a queue and agent to another: names on the pair of entries, none on others', async () => {
    const tk = await fa.ticket({ queueId: vendas.id, status: 'open', userId: agent.userId });
    const moved = await h.request('PUT', `/tickets/${tk.id}`, {
      token: agent.token,
      body: { queueId: encomendas.id, userId: other.userId, isTransference: true },
    });
    expect(moved.status).toBe(200);
    const logs = await h.request('GET', `/tickets/${tk.id}/logs`, { token: a.admin.token });
    expect(logs.status).toBe(200);
    const byType = (type: string) => logs.body.find((l: { type: string }) => l.type === type);
    const sides = {
      fromQueue: { id: vendas.id, name: 'Vendas' },
      toQueue: { id: encomendas.id, name: 'Encomendas' },
      fromUser: { id: agent.userId, name: expect.any(String) },
      toUser: { id: other.userId, name: expect.any(String) },
    };
    expect(byType('transfered')).toMatchObject({ user: { id: agent.userId }, transfer: sides });
    expect(byType('receivedTransfer')).toMatchObject({ user: { id: other.userId }, transfer: sides });
    // The agent who lost the ticket no longer sees it; the admin opened it: an access entry, no transfer.
    expect(logs.body.filter((l: { transfer: unknown }) => l.transfer === null).map((l: { type: string }) => l.type)).toEqual([]);
    await h.request('GET', `/tickets/${tk.id}`, { token: a.admin.token });
    const again = await h.request('GET', `/tickets/${tk.id}/logs`, { token: a.admin.token });
    expect(again.body.at(-1)).toMatchObject({ type: 'access', transfer: null });
  });

  it('a queue-only transfer names no agent on the receiving side', async () => {
    const tk = await fa.ticket({ queueId: vendas.id, status: 'open', userId: agent.userId });
    await h.request('PUT', `/tickets/${tk.id}`, { token: a.admin.token, body: { queueId: encomendas.id } });
    const logs = await h.request('GET', `/tickets/${tk.id}/logs`, { token: a.admin.token });
    expect(logs.body.find((l: { type: string }) => l.type === 'transfered').transfer).toMatchObject({
      fromQueue: { name: 'Vendas' },
      toQueue: { name: 'Encomendas' },
      fromUser: { id: agent.userId },
      toUser: null,
    });
  });

  it("another tenant's ticket: its log and its view answer 404", async () => {
    const tk = await fa.ticket({ queueId: vendas.id, status: 'open', userId: agent.userId });
    for (const url of [`/tickets/${tk.id}/logs`, `/tickets/${tk.id}`]) {
      expect(await h.request('GET', url, { token: b.admin.token })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_TICKET_FOUND' },
      });
    }
    // Nothing was written for the stranger's look: no access entry.
    const logs = await h.request('GET', `/tickets/${tk.id}/logs`, { token: a.admin.token });
    expect(logs.body).toEqual([]);
  });
});
