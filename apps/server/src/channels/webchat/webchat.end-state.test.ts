import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, tickets, users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Room } from '../../platform/realtime/realtime.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { until } from '../../modules/messages/messages.test-support.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { say, visitor, webchatChannel, type Visitor } from '../testing/webchat.test-support.js';

// What the visitor sees of the agent's side: the agent's name as the sender label (the
// signature), and the end of the conversation: "ended", the 1-5 rating question, then thanks.
let h: Harness;
let a: Company;
let b: Company;
let channel: ChannelRow;
let adminName: string;
const live: { room: Room; event: string; payload: Record<string, unknown> }[] = [];

interface Shown {
  id: number;
  body: string;
  fromMe: boolean;
  senderName: string;
  ended: boolean;
  rating: boolean;
}

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  channel = await webchatChannel(h, a);
  await withTenant(h.app.platform.db, a.tenantId, (s) =>
    s.update(
      channels,
      { ratingEnabled: true, ratingMessage: 'De 1 a 5, como foi?', ratingThanksMessage: 'Obrigado pela nota!' },
      eq(channels.id, channel.id),
    ),
  );
  adminName = (await withTenant(h.app.platform.db, a.tenantId, (s) => s.first(users, eq(users.id, a.admin.userId))))!.name;
  // Records what the widget's room is told, then lets it go out as usual.
  const realtime = h.app.platform.realtime;
  const emit = realtime.emit.bind(realtime);
  realtime.emit = (tenantId, room, event, payload) => {
    if (room.kind === 'webchat') live.push({ room, event, payload: payload as Record<string, unknown> });
    emit(tenantId, room, event, payload);
  };
});
afterAll(() => h.close());

const history = async (v: Visitor) =>
  (await h.request('GET', `/webchat/${channel.token}/messages`, { token: v.visitorToken })).body as Shown[];
/** The history once it shows a message that passes `ok` (the outbox sends in the background). */
const historyWith = (v: Visitor, ok: (m: Shown) => boolean) =>
  until(
    () => history(v),
    (list) => list.some(ok),
  );
const liveOf = (body: string) => live.find((e) => e.event === 'message' && e.payload.body === body)?.payload;

describe('web chat: sender label and end of conversation', () => {
  it("labels the agent's reply with the agent's name, and shows the end with the rating question, then thanks", async () => {
    const v = await visitor(h, channel.token, { name: 'Vera' });
    const { ticketId } = (await say(h, channel.token, v, 'Vocês abrem domingo?')).body as { ticketId: number };
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(tickets, { status: 'open', userId: a.admin.userId }, eq(tickets.id, ticketId)),
    );

    const reply = await h.request('POST', `/messages/${ticketId}`, { token: a.admin.token, body: { body: 'Abrimos sim!' } });
    expect(reply.status).toBe(201);
    const withReply = await historyWith(v, (m) => m.id === reply.body.id);
    // The widget gets the text as typed and the name as its label, never "*Name*:" in the text.
    expect(withReply.find((m) => m.id === reply.body.id)).toMatchObject({
      body: 'Abrimos sim!',
      senderName: adminName,
      ended: false,
      rating: false,
    });
    expect(liveOf('Abrimos sim!')).toMatchObject({ senderName: adminName, ended: false, rating: false });

    // The agent closes: the visitor sees the conversation ended and is asked for a rating.
    expect((await h.request('PUT', `/tickets/${ticketId}`, { token: a.admin.token, body: { status: 'closed' } })).status).toBe(200);
    const closed = await historyWith(v, (m) => m.body === 'De 1 a 5, como foi?');
    expect(closed.at(-1)).toMatchObject({ body: 'De 1 a 5, como foi?', fromMe: true, ended: true, rating: true, senderName: '' });
    expect(closed.filter((m) => m.ended)).toHaveLength(1);
    expect(liveOf('De 1 a 5, como foi?')).toMatchObject({ ended: true, rating: true });

    // The visitor rates (the widget's button sends the digit): thanks, still ended, no more rating.
    expect((await say(h, channel.token, v, '5')).status).toBe(201);
    const rated = await historyWith(v, (m) => m.body === 'Obrigado pela nota!');
    expect(rated.at(-1)).toMatchObject({ body: 'Obrigado pela nota!', ended: true, rating: false });
    expect(rated.filter((m) => m.ended)).toHaveLength(1);
    expect(liveOf('Obrigado pela nota!')).toMatchObject({ ended: true, rating: false });
    expect(await withTenant(h.app.platform.db, a.tenantId, (s) => s.first(tickets, eq(tickets.id, ticketId)))).toMatchObject({
      rating: 5,
    });

    // Writing again starts a new conversation: nothing shows as ended any more.
    const next = (await say(h, channel.token, v, 'Outra dúvida')).body as { ticketId: number };
    expect(next.ticketId).not.toBe(ticketId);
    expect((await history(v)).at(-1)).toMatchObject({ body: 'Outra dúvida', ended: false, rating: false });
  });

  it("another company cannot close the conversation: 404, and the visitor sees nothing end", async () => {
    const v = await visitor(h, channel.token, { name: 'Rui' });
    const { ticketId } = (await say(h, channel.token, v, 'Olá')).body as { ticketId: number };
    const res = await h.request('PUT', `/tickets/${ticketId}`, { token: b.admin.token, body: { status: 'closed' } });
    expect(res.status).toBe(404);
    expect((await history(v)).every((m) => !m.ended)).toBe(true);
  });
});
