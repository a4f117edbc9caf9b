import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import {
  fakeAdapter,
  inbound,
  makeChannel,
  newId,
  phone,
  ticketRow,
  until,
} from '../messages/messages.test-support.js';
import { closeByAdmin, openedTicket, outboundBodies } from './ratings.test-support.js';

let h: Harness;
let a: Company;
const fake = fakeAdapter('telegram');
registerChannelAdapter(fake.adapter);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
});
afterAll(() => h.close());

describe(`greeting of a channel (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is sent once, variables resolved, when an inbound message creates a ticket', async () => {
    const channel = await makeChannel(h, a, { greetingMessage: 'Olá {{name}}! Protocolo {{protocol}}.' });
    const from = { number: phone(), name: 'Bia' };
    const externalId = newId();
    const first = await inbound(h, a, channel, { from, body: 'oi', externalId });
    const ticket = await ticketRow(h, a, first.ticketId!);
    const greeting = `Olá Bia! Protocolo ${ticket!.protocol}.`;
    expect(await outboundBodies(h, a, ticket!.id)).toEqual([greeting]);
    // The same message again, and a second one: the ticket is not greeted again.
    expect(await inbound(h, a, channel, { from, body: 'oi', externalId })).toMatchObject({ duplicate: true });
    expect((await inbound(h, a, channel, { from, body: 'tudo bem?' })).ticketId).toBe(ticket!.id);
    expect(await outboundBodies(h, a, ticket!.id)).toEqual([greeting]);
    // The customer's message stays the ticket's preview.
    expect(await ticketRow(h, a, ticket!.id)).toMatchObject({
      lastMessage: 'tudo bem?',
      unreadMessages: 2,
      answered: false,
    });
    await until(
      async () => fake.sent.filter((m) => m.ticketId === ticket!.id).length,
      (n) => n === 1,
    );
    expect(fake.sent.filter((m) => m.ticketId === ticket!.id).map((m) => m.body)).toEqual([greeting]);
  });

  it('a new ticket of the same contact (after a close) is greeted again; no greeting text, nothing sent', async () => {
    const channel = await makeChannel(h, a, { greetingMessage: 'Bem-vindo!' });
    const { from, ticketId } = await openedTicket(h, a, channel);
    await closeByAdmin(h, a, ticketId);
    const next = await inbound(h, a, channel, { from, body: 'voltei' });
    expect(next.ticketId).not.toBe(ticketId);
    expect(await outboundBodies(h, a, next.ticketId!)).toEqual(['Bem-vindo!']);

    const silent = await makeChannel(h, a);
    const r = await inbound(h, a, silent, { from: { number: phone(), name: 'Caio' }, body: 'oi' });
    expect(await outboundBodies(h, a, r.ticketId!)).toEqual([]);
  });

  it('is not sent to a group', async () => {
    const channel = await makeChannel(h, a, { greetingMessage: 'Olá grupo' });
    const r = await inbound(h, a, channel, {
      from: { providerId: `g-${newId()}`, name: 'Grupo' },
      isGroup: true,
      body: 'oi',
    });
    expect(await outboundBodies(h, a, r.ticketId!)).toEqual([]);
  });
});

describe('default farewell of a channel', () => {
  it('is the farewell when the close asks for it and none is typed; a typed one wins; without the ask it closes at once', async () => {
    const channel = await makeChannel(h, a, { farewellMessage: 'Até logo, {{name}}!' });
    const byDefault = await openedTicket(h, a, channel);
    const res = await closeByAdmin(h, a, byDefault.ticketId, { useChannelFarewell: true, farewellMessage: '  ' });
    expect(res.status).toBe(200);
    expect(await outboundBodies(h, a, byDefault.ticketId)).toEqual(['Até logo, Carla!']);
    const row = await ticketRow(h, a, byDefault.ticketId);
    expect(row).toMatchObject({ status: 'open', lastMessage: 'Até logo, Carla!' });
    expect(row!.closeAfter).toBeInstanceOf(Date);

    const typed = await openedTicket(h, a, channel);
    await closeByAdmin(h, a, typed.ticketId, { useChannelFarewell: true, farewellMessage: 'Valeu {{name}}' });
    expect(await outboundBodies(h, a, typed.ticketId)).toEqual(['Valeu Carla']);

    const plain = await openedTicket(h, a, channel);
    await closeByAdmin(h, a, plain.ticketId);
    expect(await ticketRow(h, a, plain.ticketId)).toMatchObject({ status: 'closed', closeAfter: null });
    expect(await outboundBodies(h, a, plain.ticketId)).toEqual([]);
  });

  it('a channel without a farewell closes at once even when asked', async () => {
    const channel = await makeChannel(h, a);
    const t = await openedTicket(h, a, channel);
    await closeByAdmin(h, a, t.ticketId, { useChannelFarewell: true });
    expect(await ticketRow(h, a, t.ticketId)).toMatchObject({ status: 'closed', closeAfter: null });
    expect(await outboundBodies(h, a, t.ticketId)).toEqual([]);
  });
});
