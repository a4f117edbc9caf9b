/**
 * Agents' reactions, edits and deletions through the real outbox (route -> message_actions ->
 * messages.apply-action job -> adapter) to the fake socket: the content Baileys gets, the key that
 * names the message, a stable WhatsApp id per request, and a failed call retried without a second
 * change.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbound, newId } from '../../modules/messages/messages.test-support.js';
import { messageActions, messages, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import type { ChannelRow, ChannelSession } from '../../modules/channels/channel-adapter.js';
import { fakeSockets, type FakeSocket } from './fakes/fake-socket.js';
import { waActionIdOf } from './whatsapp.actions.js';
import { createWhatsappAdapter } from './whatsapp.adapter.js';
import { sessionContext, until, useAdapter, whatsappChannel } from '../testing/whatsapp.test-support.js';

let h: Harness;
let a: Company;
let channel: ChannelRow;
let session: ChannelSession;
let socket: FakeSocket;
let restore: () => void;
const fake = fakeSockets();
const adapter = createWhatsappAdapter({ makeSocket: fake.makeSocket, backoffMs: () => 20 });
const db = () => h.app.platform.db;
const CUSTOMER = '5511987654321';
const JID = `${CUSTOMER}@s.whatsapp.net`;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  // These tests are about the provider, not the signature (messages-signature.test.ts): agents
  // may skip it, and these replies do.
  await h.request('PUT', '/settings/userDisableSignature', { token: a.admin.token, body: { value: 'enabled' } });
  restore = useAdapter(adapter);
  channel = await whatsappChannel(h, a);
  session = (await adapter.connect!(sessionContext(h.app.platform, channel)))!;
  socket = fake.last();
  socket.pair('5511900001111');
  socket.open();
  socket.registered.set(CUSTOMER, JID);
});
afterAll(async () => {
  await session.stop();
  restore();
  await h.close();
});

/** The customer wrote; the admin took the ticket and answered (sent through the socket). */
async function conversation() {
  const r = await inbound(h, a, channel, {
    externalId: `3EB0${newId().slice(0, 18)}`,
    from: { number: CUSTOMER },
    body: 'oi',
  });
  await withTenant(db(), a.tenantId, (s) =>
    s.update(tickets, { status: 'open', userId: a.admin.userId }, eq(tickets.id, r.ticketId!)),
  );
  const { body } = await h.request('POST', `/messages/${r.ticketId}`, { token: a.admin.token, body: { body: 'Olá!', sign: false } });
  const ours = await until(
    () => row(body.id),
    (m) => m?.status === 'sent',
  );
  return { theirs: (await row(r.messageId!))!, ours: ours! };
}
const row = (id: number) => withTenant(db(), a.tenantId, (s) => s.first(messages, eq(messages.id, id)));
const actionsOf = (messageId: number) =>
  withTenant(db(), a.tenantId, (s) => s.select(messageActions, eq(messageActions.messageId, messageId)));
const settled = (messageId: number, n = 1) =>
  until(
    () => actionsOf(messageId),
    (rows) => rows.length >= n && rows.every((x) => x.status !== 'pending'),
  );
const sentWith = (messageId: string) => socket.sent.filter((x) => x.options?.messageId === messageId);

describe(`whatsapp reactions, edits and deletions (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a reaction names the message by chat, id and side; a deletion and an edit name ours', async () => {
    const { theirs, ours } = await conversation();
    await h.request('POST', `/messages/reactions/${theirs.id}`, { token: a.admin.token, body: { emoji: '❤️' } });
    const [reacted] = await settled(theirs.id);
    expect(sentWith(waActionIdOf(channel.id, 'react', `${reacted!.id}:1`))).toEqual([
      expect.objectContaining({
        jid: JID,
        content: { react: { text: '❤️', key: { remoteJid: JID, id: theirs.externalId, fromMe: false } } },
      }),
    ]);

    await h.request('POST', `/messages/edit/${ours.id}`, { token: a.admin.token, body: { body: 'Olá, Mariana!' } });
    const [edited] = await settled(ours.id);
    const oursKey = { remoteJid: JID, id: ours.externalId, fromMe: true };
    expect(sentWith(waActionIdOf(channel.id, 'edit', `${edited!.id}:1`))).toEqual([
      expect.objectContaining({ jid: JID, content: { edit: oursKey, text: 'Olá, Mariana!' } }),
    ]);

    await h.request('DELETE', `/messages/${ours.id}`, { token: a.admin.token });
    const done = await settled(ours.id, 2);
    const deleted = done.find((x) => x.kind === 'delete')!;
    expect(sentWith(waActionIdOf(channel.id, 'delete', `${deleted.id}:1`))).toEqual([
      expect.objectContaining({ jid: JID, content: { delete: oursKey } }),
    ]);
    const ticket = (await h.request('GET', `/tickets/${ours.ticketId}`, { token: a.admin.token })).body;
    expect(ticket.messageActions).toEqual({ react: true, reactionEmojis: null, edit: true, delete: true });
  });

  it('a failed call is retried, and the change is made once', async () => {
    const { ours } = await conversation();
    const tries = () => socket.calls.filter((c) => c === `sendMessage:${JID}`).length;
    const before = tries();
    socket.failSends = 1;
    await h.request('POST', `/messages/edit/${ours.id}`, { token: a.admin.token, body: { body: 'Olá de novo' } });
    const [action] = await settled(ours.id);
    expect(action).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(tries() - before).toBe(2);
    expect(socket.sent.filter((x) => 'edit' in x.content && x.content.edit?.id === ours.externalId)).toHaveLength(1);
  });

  it('without a connection the change waits, retried, and goes once the socket is back', async () => {
    const { ours } = await conversation();
    await session.stop();
    try {
      await h.request('POST', `/messages/edit/${ours.id}`, { token: a.admin.token, body: { body: 'Depois da queda' } });
      const [waiting] = await until(
        () => actionsOf(ours.id),
        (rows) => rows[0]?.lastError === 'ERR_WAPP_NOT_INITIALIZED',
      );
      expect(waiting).toMatchObject({ status: 'pending' });
    } finally {
      session = (await adapter.connect!(sessionContext(h.app.platform, channel)))!;
      socket = fake.last();
      socket.open();
      socket.registered.set(CUSTOMER, JID);
    }
    const [done] = await settled(ours.id);
    expect(done).toMatchObject({ status: 'done' });
    expect(socket.sent.filter((x) => 'edit' in x.content)).toEqual([
      expect.objectContaining({
        content: { edit: { remoteJid: JID, id: ours.externalId, fromMe: true }, text: 'Depois da queda' },
      }),
    ]);
  }, 40_000);
});
