/**
 * Outbound: an agent's reply, recorded pending and delivered by the send job / deliverMessage,
 * reaches the stand-in (text, quoted replies, files with their bytes); provider failures are
 * retried or fail the message as they should, and the stand-in receives each message once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMessage } from '../../modules/messages/commands/deliver-message.js';
import { sendMessageJob } from '../../modules/messages/jobs/send-message.job.js';
import { channels, contacts, inboundEvents, messageActions, messages, tickets, users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { storageOf } from '../../platform/storage/storage.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { storeInbound } from '../../modules/messages/inbound/store-inbound.js';
import { isOggOpus, VOICE_NOTE_OGG } from '../shared/voice-note.fixtures.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { startTelegramStandIn, type TelegramStandIn } from './stand-in/stand-in.js';
import './telegram.adapter.js';
import { arrived, newChatId, telegramChannel, until } from '../testing/telegram.test-support.js';

let standIn: TelegramStandIn;
let h: Harness;
let a: Company;
let channel: ChannelRow;

beforeAll(async () => {
  standIn = await startTelegramStandIn();
  h = await startHarness({ providers: { graphApiUrl: 'http://127.0.0.1:9', telegramApiRoot: standIn.url } });
  a = await h.company();
  const row = await telegramChannel(h, a, standIn.token);
  const [updated] = await withTenant(h.app.platform.db, a.tenantId, (s) =>
    s.update(channels, { status: 'CONNECTED' }, eq(channels.id, row.id)),
  );
  channel = updated!;
  const admin = await withTenant(h.app.platform.db, a.tenantId, (s) => s.first(users, eq(users.id, a.admin.userId)));
  signed = (text) => `*${admin!.name}*:\n${text}`;
});
/** What the chat gets of the admin's text: signed with the admin's name (userDisableSignature off). */
let signed: (text: string) => string;
afterAll(async () => {
  await h.close();
  await standIn.close();
});

const db = () => h.app.platform.db;

/** A user writes first (bots cannot start chats); the admin takes the ticket. */
async function conversation(text = 'Oi') {
  const chatId = newChatId();
  const r = await standIn.userSends({ chatId, text, from: { first_name: 'Lia' } });
  await storeInbound(h.app.platform, channel, r.update);
  const [msg] = await arrived(h, a, channel, `${chatId}:${r.message.message_id as number}`);
  await withTenant(db(), a.tenantId, (s) =>
    s.update(tickets, { status: 'open', userId: a.admin.userId }, eq(tickets.id, msg!.ticketId)),
  );
  return { chatId, ticketId: msg!.ticketId, customerMessage: msg!, telegramMessageId: r.message.message_id as number };
}

const messageRow = (id: number) => withTenant(db(), a.tenantId, (s) => s.first(messages, eq(messages.id, id)));
const settled = (id: number) =>
  until(
    () => messageRow(id),
    (m) => m?.status !== 'pending',
  );
const reply = (ticketId: number, body: Record<string, unknown>) =>
  h.request('POST', `/messages/${ticketId}`, { token: a.admin.token, body });
const sentTo = (chatId: number) => standIn.sent().filter((s) => s.chatId === chatId);

describe(`telegram send (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("the agent's reply reaches the chat through the send job, as a quoted reply, once", async () => {
    const c = await conversation('Qual o prazo?');
    const res = await reply(c.ticketId, { body: 'Chega amanhã', quotedMsgId: c.customerMessage.id });
    expect(res.status).toBe(201);
    const row = await settled(res.body.id);
    const sent = sentTo(c.chatId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'sendMessage', text: signed('Chega amanhã'), replyTo: c.telegramMessageId });
    expect(row).toMatchObject({ status: 'sent', externalId: `${c.chatId}:${sent[0]!.messageId}`, sendAttempts: 1 });
  });

  it.each([
    ['image', 'image/png', 'recibo.png', 'sendPhoto'],
    ['document', 'application/pdf', 'boleto.pdf', 'sendDocument'],
    ['audio', 'audio/ogg', 'audio.ogg', 'sendVoice'],
    ['audio', 'audio/mpeg', 'musica.mp3', 'sendAudio'],
    ['video', 'video/mp4', 'video.mp4', 'sendVideo'],
  ])('a %s (%s) goes with its bytes and caption through %s', async (mediaType, mimeType, fileName, method) => {
    const c = await conversation();
    const bytes = Buffer.from(`${fileName} ${'z'.repeat(2048)}`);
    const id = await withTenant(db(), a.tenantId, async (s) => {
      const mediaKey = await storageOf(db()).put(a.tenantId, bytes, mimeType, fileName);
      const row = await s.insert(messages, {
        ticketId: c.ticketId,
        contactId: c.customerMessage.contactId,
        channelId: channel.id,
        userId: a.admin.userId,
        fromMe: true,
        body: `segue ${fileName}`,
        mediaType,
        mediaKey,
        mediaName: fileName,
        mimeType,
        mediaSize: bytes.length,
        status: 'pending',
        quotedMsgId: c.customerMessage.id,
      });
      return row.id;
    });
    const outcome = await withTenant(db(), a.tenantId, (s) => deliverMessage(h.app.platform, s, id));
    expect({ outcome, error: (await messageRow(id))?.lastError }).toEqual({ outcome: 'sent', error: null });
    const [sent] = sentTo(c.chatId);
    expect(sent).toMatchObject({ method, caption: `segue ${fileName}`, replyTo: c.telegramMessageId });
    expect(sent!.file!.data.equals(bytes)).toBe(true);
    expect(sent!.file!.fileName).toBe(fileName);
    expect(await messageRow(id)).toMatchObject({ status: 'sent', externalId: `${c.chatId}:${sent!.messageId}` });
  });

  it('a voice note recorded in the composer (OGG/Opus) goes through sendVoice with its bytes', async () => {
    const c = await conversation();
    const form = new FormData();
    form.set('body', '');
    form.set('clientId', 'voice-note-1');
    form.append('medias', new Blob([new Uint8Array(VOICE_NOTE_OGG)], { type: 'audio/ogg' }), 'voice.ogg');
    // The multipart body as a browser sends it (boundary and all).
    const request = new Request('http://prosa.test/', { method: 'POST', body: form });
    const res = await h.app.inject({
      method: 'POST',
      url: `/messages/${c.ticketId}`,
      headers: { authorization: `Bearer ${a.admin.token}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(201);
    const row = await settled(res.json<{ id: number }>().id);
    expect(row).toMatchObject({ status: 'sent', mediaType: 'audio', mimeType: 'audio/ogg; codecs=opus' });
    // (Run alone, the chat may first get the out-of-hours text: only the file matters here.)
    const files = sentTo(c.chatId).filter((s) => s.file);
    expect(files.map((s) => s.method)).toEqual(['sendVoice']);
    const [sent] = files;
    expect(isOggOpus(sent!.file!.data)).toBe(true);
    expect(sent!.file!.data.equals(VOICE_NOTE_OGG)).toBe(true);
    expect(row!.externalId).toBe(`${c.chatId}:${sent!.messageId}`);
  });

  it('a 500 and then a 429 are retried; the stand-in receives the message exactly once', async () => {
    const c = await conversation();
    standIn.failNext(1, 500, undefined, 'sendMessage');
    standIn.failNext(1, 429, 1, 'sendMessage');
    const callsBefore = standIn.calls().filter((m) => m === 'sendMessage').length;
    const res = await reply(c.ticketId, { body: 'mensagem insistente' });
    const row = await settled(res.body.id);
    expect(row).toMatchObject({ status: 'sent', lastError: null });
    // 500: the job's retry; 429 (retry_after 1): waited in place, then sent.
    expect(row!.sendAttempts).toBe(2);
    expect(standIn.calls().filter((m) => m === 'sendMessage').length - callsBefore).toBe(3);
    expect(sentTo(c.chatId).filter((s) => s.text === signed('mensagem insistente'))).toHaveLength(1);
  });

  it("one send job's messages (a bot turn) go in order; a failure holds the later ones until the retry", async () => {
    const c = await conversation();
    const pendingReply = (body: string) =>
      withTenant(db(), a.tenantId, (s) =>
        s.insert(messages, { ticketId: c.ticketId, contactId: c.customerMessage.contactId, channelId: channel.id, fromMe: true, body, mediaType: 'chat', status: 'pending' }),
      );
    const first = await pendingReply('primeira');
    const second = await pendingReply('segunda');
    const run = () =>
      withTenant(db(), a.tenantId, (scope) =>
        sendMessageJob.handler({ tenantId: a.tenantId, messageId: first.id, next: [second.id] }, { platform: h.app.platform, scope, attempt: 1 }),
      );
    standIn.failNext(1, 500, undefined, 'sendMessage');
    await expect(run()).rejects.toThrow();
    expect(sentTo(c.chatId)).toHaveLength(0);
    expect((await messageRow(second.id))!.status).toBe('pending');
    // The retry: the first goes, then the second; a run after that sends nothing again.
    await run();
    await run();
    // Bot replies carry no agent, so no signature.
    expect(sentTo(c.chatId).map((m) => m.text)).toEqual(['primeira', 'segunda']);
  });

  it('a user who blocked the bot fails the message at once with ERR_WAPP_INVALID_CONTACT', async () => {
    const c = await conversation();
    await standIn.block(c.chatId);
    const res = await reply(c.ticketId, { body: 'você me bloqueou?' });
    expect(await settled(res.body.id)).toMatchObject({
      status: 'failed',
      lastError: 'ERR_WAPP_INVALID_CONTACT',
      sendAttempts: 1,
    });
    expect(sentTo(c.chatId)).toHaveLength(0);
  });

  it('a chat the bot does not know (400 chat not found) fails without retry', async () => {
    const c = await conversation();
    // The contact now points to a chat Telegram has never seen.
    const unknownChat = newChatId();
    await withTenant(db(), a.tenantId, (s) =>
      s.update(
        contacts,
        { externalKey: `${channel.id}:${unknownChat}` },
        eq(contacts.id, c.customerMessage.contactId!),
      ),
    );
    const res = await reply(c.ticketId, { body: 'alô?' });
    expect(await settled(res.body.id)).toMatchObject({
      status: 'failed',
      lastError: 'ERR_WAPP_INVALID_CONTACT',
      sendAttempts: 1,
    });
  });
});

describe(`telegram reactions, edits and deletions (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const actionsOn = (chatId: number) => standIn.actions().filter((x) => x.chatId === chatId);
  const actionRows = (messageId: number) =>
    withTenant(db(), a.tenantId, (s) => s.select(messageActions, eq(messageActions.messageId, messageId)));
  const settledAction = (messageId: number, n = 1) =>
    until(
      () => actionRows(messageId),
      (rows) => rows.length >= n && rows.every((r) => r.status !== 'pending'),
    );
  const sentReply = async (ticketId: number, body: string) =>
    (await settled((await reply(ticketId, { body })).body.id))!;
  const idIn = (externalId: string | null) => Number(externalId!.split(':')[1]);

  it('the ticket offers Telegram reactions (its own list), edits and deletions', async () => {
    const c = await conversation();
    const { messageActions: can } = (await h.request('GET', `/tickets/${c.ticketId}`, { token: a.admin.token })).body;
    expect(can).toMatchObject({ react: true, edit: true, delete: true });
    expect(can.reactionEmojis).toContain('👍');
    expect(can.reactionEmojis).not.toContain('🥳');
  });

  it("an agent's edit, reaction and deletion reach the chat through the Bot API", async () => {
    const c = await conversation('Vocês entregam sábado?');
    const mine = await sentReply(c.ticketId, 'Entregamos sim');
    await h.request('POST', `/messages/edit/${mine.id}`, {
      token: a.admin.token,
      body: { body: 'Entregamos sim, até 12h' },
    });
    await settledAction(mine.id);
    expect(standIn.message(c.chatId, idIn(mine.externalId))).toMatchObject({ text: signed('Entregamos sim, até 12h') });

    // The desk's "❤️" is Telegram's "❤"; an emoji outside Telegram's list is refused at once.
    const react = (emoji: string) =>
      h.request('POST', `/messages/reactions/${c.customerMessage.id}`, { token: a.admin.token, body: { emoji } });
    expect((await react('❤️')).status).toBe(200);
    expect(await react('🥳')).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_NOT_SUPPORTED' } });
    await settledAction(c.customerMessage.id);

    expect((await h.request('DELETE', `/messages/${mine.id}`, { token: a.admin.token })).status).toBe(200);
    await settledAction(mine.id, 2);
    expect(standIn.message(c.chatId, idIn(mine.externalId))).toBeUndefined();
    expect(actionsOn(c.chatId)).toEqual([
      {
        method: 'editMessageText',
        chatId: c.chatId,
        messageId: idIn(mine.externalId),
        text: signed('Entregamos sim, até 12h'),
      },
      { method: 'setMessageReaction', chatId: c.chatId, messageId: c.telegramMessageId, reaction: ['❤'] },
      { method: 'deleteMessage', chatId: c.chatId, messageId: idIn(mine.externalId) },
    ]);
  });

  it('a 500 and a 429 are retried, and the edit is made exactly once', async () => {
    const c = await conversation();
    const mine = await sentReply(c.ticketId, 'versão 1');
    standIn.failNext(1, 500, undefined, 'editMessageText');
    standIn.failNext(1, 429, 1, 'editMessageText');
    await h.request('POST', `/messages/edit/${mine.id}`, { token: a.admin.token, body: { body: 'versão 2' } });
    const [row] = await settledAction(mine.id);
    expect(row).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(actionsOn(c.chatId)).toEqual([
      { method: 'editMessageText', chatId: c.chatId, messageId: idIn(mine.externalId), text: signed('versão 2') },
    ]);
  });

  it('a message Telegram no longer has fails the edit for good, shown on the message', async () => {
    const c = await conversation();
    const mine = await sentReply(c.ticketId, 'vai sumir');
    // Deleted in the Telegram app meanwhile: the bot's edit finds nothing.
    await withTenant(db(), a.tenantId, (s) =>
      s.update(messages, { externalId: `${c.chatId}:999999` }, eq(messages.id, mine.id)),
    );
    await h.request('POST', `/messages/edit/${mine.id}`, { token: a.admin.token, body: { body: 'sumiu?' } });
    const [row] = await settledAction(mine.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await messageRow(mine.id)).toMatchObject({ actionFailed: 'edit', body: 'sumiu?' });
  });

  it("the customer's edit and reaction change the stored message, once however often Telegram delivers them", async () => {
    const c = await conversation('Pedido 881');
    const ours = await sentReply(c.ticketId, 'Anotado');
    const edited = await standIn.userEdits(c.chatId, c.telegramMessageId, 'Pedido 8812');
    const reacted = await standIn.userReacts(c.chatId, idIn(ours.externalId), '👍');
    // Telegram delivering each update twice (a webhook retried, a poll not confirmed).
    for (const update of [edited.update, reacted.update, edited.update, reacted.update])
      await storeInbound(h.app.platform, channel, update);
    await until(
      () => withTenant(db(), a.tenantId, (s) => s.select(inboundEvents, eq(inboundEvents.channelId, channel.id))),
      (rows) => rows.every((r) => r.processedAt !== null),
    );
    expect(await messageRow(c.customerMessage.id)).toMatchObject({ body: 'Pedido 8812', isEdited: true });
    expect((await messageRow(ours.id))!.reactions).toEqual([{ emoji: '👍', fromMe: false, author: String(c.chatId) }]);
  });
});
