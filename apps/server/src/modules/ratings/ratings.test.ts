import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { messages, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import {
  fakeAdapter,
  makeChannel,
  newId,
  ticketMessages,
  ticketRow,
  until,
} from '../messages/messages.test-support.js';
import { sweepAutoTickets } from '../tickets/commands/sweep-auto-tickets.js';
import { finishFarewellClose } from '../tickets/commands/finish-farewell-close.js';
import { expireRatingWaits } from './jobs/expire-rating-waits.job.js';
import {
  answer,
  closeByAdmin,
  openedTicket,
  outboundBodies,
  RATING,
  ratingChannel,
  ticketsOfContact,
} from './ratings.test-support.js';

let h: Harness;
let a: Company;
const fake = fakeAdapter('telegram');
registerChannelAdapter(fake.adapter);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
});
afterAll(() => h.close());

const question = 'De 1 a 5, como foi, Carla?';

describe(`rating after close (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('close -> the question goes out through the outbox -> "5" stores the rating and thanks, no new ticket', async () => {
    const channel = await ratingChannel(h, a);
    const { from, ticketId } = await openedTicket(h, a, channel);
    const before = Date.now();
    expect((await closeByAdmin(h, a, ticketId)).status).toBe(200);
    const closed = await ticketRow(h, a, ticketId);
    expect(closed).toMatchObject({ status: 'closed', ratingInvalidSent: false, rating: null, lastMessage: question });
    const wait = closed!.ratingUntil!.getTime() - before;
    expect(wait).toBeGreaterThan(9.9 * 60_000);
    expect(wait).toBeLessThan(10.1 * 60_000);
    expect(await outboundBodies(h, a, ticketId)).toEqual([question]);
    await until(
      async () => fake.sent.filter((m) => m.ticketId === ticketId).map((m) => m.body),
      (sent) => sent.includes(question),
    );
    expect(fake.sent.filter((m) => m.ticketId === ticketId).map((m) => m.body)).toEqual([question]);

    const r = await answer(h, a, channel, from, ' 5 ');
    expect(r).toMatchObject({ ticketId, duplicate: false });
    const rated = await ticketRow(h, a, ticketId);
    expect(rated).toMatchObject({
      status: 'closed',
      rating: 5,
      ratingUntil: null,
      unreadMessages: 0,
      userId: a.admin.userId,
    });
    expect(rated!.ratedAt).toBeInstanceOf(Date);
    expect(await outboundBodies(h, a, ticketId)).toEqual([question, RATING.ratingThanksMessage]);
    const stored = (await ticketMessages(h, a, ticketId)).find((m) => m.id === r.messageId);
    expect(stored).toMatchObject({ fromMe: false, body: ' 5 ', ticketId });
    expect(await ticketsOfContact(h, a, channel.id, rated!.contactId)).toHaveLength(1);

    // After the rating the wait is over: the next message is a new conversation.
    const next = await answer(h, a, channel, from, '4');
    expect(next.ticketId).not.toBe(ticketId);
    expect(await ticketRow(h, a, next.ticketId!)).toMatchObject({ status: 'pending', rating: null });
    expect((await ticketRow(h, a, ticketId))!.rating).toBe(5);
  });

  it('the same answer delivered twice (even at once) stores one rating and sends one thanks', async () => {
    const channel = await ratingChannel(h, a);
    const { from, ticketId } = await openedTicket(h, a, channel);
    await closeByAdmin(h, a, ticketId);
    const externalId = newId();
    const [r1, r2] = await Promise.all([
      answer(h, a, channel, from, '3', externalId),
      answer(h, a, channel, from, '3', externalId),
    ]);
    const r3 = await answer(h, a, channel, from, '3', externalId);
    expect([r1, r2, r3].filter((r) => !r.duplicate)).toHaveLength(1);
    for (const r of [r1, r2, r3]) expect(r.ticketId).toBe(ticketId);
    expect(await ticketRow(h, a, ticketId)).toMatchObject({ rating: 3, ratingUntil: null, status: 'closed' });
    expect(await outboundBodies(h, a, ticketId)).toEqual([question, RATING.ratingThanksMessage]);
    const rows = await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.select(messages, eq(messages.externalId, externalId)),
    );
    expect(rows).toHaveLength(1);
    expect(await ticketsOfContact(h, a, channel.id, rows[0]!.contactId!)).toHaveLength(1);
  });

  it('anything else gets the invalid-answer text once; the second goes the normal way (a new ticket)', async () => {
    const channel = await ratingChannel(h, a);
    const { from, ticketId } = await openedTicket(h, a, channel);
    await closeByAdmin(h, a, ticketId);
    const first = await answer(h, a, channel, from, 'foi ótimo');
    expect(first).toMatchObject({ ticketId, duplicate: false });
    expect(await ticketRow(h, a, ticketId)).toMatchObject({
      status: 'closed',
      rating: null,
      ratingInvalidSent: true,
      unreadMessages: 0,
    });
    expect(await outboundBodies(h, a, ticketId)).toEqual([question, RATING.ratingInvalidMessage]);
    // A duplicate of the invalid answer changes nothing (it does not count as the second).
    const firstRow = (await ticketMessages(h, a, ticketId)).find((m) => m.id === first.messageId)!;
    const again = await answer(h, a, channel, from, 'foi ótimo', firstRow.externalId!);
    expect(again).toMatchObject({ duplicate: true, ticketId });
    expect((await ticketRow(h, a, ticketId))!.ratingUntil).not.toBeNull();

    const second = await answer(h, a, channel, from, 'quero outra coisa');
    expect(second.ticketId).not.toBe(ticketId);
    expect(await ticketRow(h, a, second.ticketId!)).toMatchObject({
      status: 'pending',
      unreadMessages: 1,
      lastMessage: 'quero outra coisa',
    });
    expect(await ticketRow(h, a, ticketId)).toMatchObject({ rating: null, ratingUntil: null });
    expect(await outboundBodies(h, a, ticketId)).toEqual([question, RATING.ratingInvalidMessage]);
  });

  it('after the deadline the wait ends silently: a digit opens a new ticket, and the sweep clears it', async () => {
    const channel = await ratingChannel(h, a, { ratingWaitMinutes: 1 });
    const { from, ticketId } = await openedTicket(h, a, channel);
    await closeByAdmin(h, a, ticketId);
    const past = new Date(Date.now() - 1_000);
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(tickets, { ratingUntil: past }, eq(tickets.id, ticketId)),
    );
    const r = await answer(h, a, channel, from, '5');
    expect(r.ticketId).not.toBe(ticketId);
    expect(await ticketRow(h, a, ticketId)).toMatchObject({ rating: null, status: 'closed' });
    expect(await outboundBodies(h, a, ticketId)).toEqual([question]);
    expect(await expireRatingWaits(h.app.platform.db)).toBeGreaterThanOrEqual(1);
    expect((await ticketRow(h, a, ticketId))!.ratingUntil).toBeNull();
  });

  it('a channel without rating: no question, no wait, a digit is a new conversation', async () => {
    const channel = await makeChannel(h, a, { ratingMessage: 'never sent' });
    const { from, ticketId } = await openedTicket(h, a, channel);
    await closeByAdmin(h, a, ticketId);
    expect(await ticketRow(h, a, ticketId)).toMatchObject({ status: 'closed', ratingUntil: null });
    expect(await outboundBodies(h, a, ticketId)).toEqual([]);
    expect((await answer(h, a, channel, from, '5')).ticketId).not.toBe(ticketId);
  });

  it('a farewell close asks only when it actually closes, after the farewell', async () => {
    const channel = await ratingChannel(h, a);
    const { ticketId } = await openedTicket(h, a, channel);
    await closeByAdmin(h, a, ticketId, { farewellMessage: 'Tchau!' });
    expect(await ticketRow(h, a, ticketId)).toMatchObject({ status: 'open', ratingUntil: null });
    expect(await outboundBodies(h, a, ticketId)).toEqual(['Tchau!']);
    const done = await withTenant(h.app.platform.db, a.tenantId, (s) =>
      finishFarewellClose(s, ticketId, a.admin.userId, new Date(Date.now() + 5_000)),
    );
    expect(done).toBe(true);
    expect((await ticketRow(h, a, ticketId))!.ratingUntil).not.toBeNull();
    expect(await outboundBodies(h, a, ticketId)).toEqual(['Tchau!', question]);
  });

  it('bulk close and auto-close ask too', async () => {
    const channel = await ratingChannel(h, a);
    const one = await openedTicket(h, a, channel);
    const two = await openedTicket(h, a, channel);
    const res = await h.request('POST', '/tickets/close-tickets', {
      token: a.admin.token,
      body: { ticketIds: [one.ticketId, two.ticketId] },
    });
    expect(res.body).toEqual({ count: 2 });
    for (const id of [one.ticketId, two.ticketId]) {
      expect((await ticketRow(h, a, id))!.ratingUntil).not.toBeNull();
      expect(await outboundBodies(h, a, id)).toEqual([question]);
    }

    const c = await h.company();
    const silent = await ratingChannel(h, c);
    const three = await openedTicket(h, c, silent);
    const closed = await withTenant(h.app.platform.db, c.tenantId, (s) =>
      sweepAutoTickets(s, 'autoClose', '10m', new Date(Date.now() + 11 * 60_000)),
    );
    expect(closed).toBe(1);
    expect((await ticketRow(h, c, three.ticketId))!.ratingUntil).not.toBeNull();
    expect(await outboundBodies(h, c, three.ticketId)).toEqual([question]);
  });
});

describe('rating settings of a channel', () => {
  const body = { name: `Avaliação ${newId().slice(0, 6)}`, type: 'webchat', ...RATING, ratingWaitMinutes: 30 };
  it('are saved and answered by /channels; an invalid wait is refused', async () => {
    const res = await h.request('POST', '/channels', { token: a.admin.token, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ratingWaitMinutes: 30,
      ratingThanksMessage: RATING.ratingThanksMessage,
      ratingInvalidMessage: RATING.ratingInvalidMessage,
    });
    const bad = await h.request('PUT', `/channels/${res.body.id}`, {
      token: a.admin.token,
      body: { ...body, ratingWaitMinutes: 0 },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const got = await h.request('GET', `/channels/${res.body.id}`, { token: a.admin.token });
    expect(got.body.ratingWaitMinutes).toBe(30);
  });
});
