import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliverMessage } from '../../modules/messages/commands/deliver-message.js';
import { messageActions, messages, tickets } from '../../platform/db/schema.js';
import type { Company } from '../../test/harness.js';
import { channelAdapters } from '../../modules/channels/channel-registry.js';
import { isOggOpus, VOICE_NOTE_OGG } from '../shared/voice-note.fixtures.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { arrived, customer, inTenant, PNG, until, wabaChannel, type WabaEnv } from '../testing/waba.test-support.js';

/** Runs inside waba.integration.test.ts, on its app and stand-in. */
export function outboundSuite(envOf: () => WabaEnv): void {
  let env: WabaEnv;
  let a: Company;
  let ch: ChannelRow;

  beforeAll(async () => {
    env = envOf();
    a = await env.h.company();
    ch = await wabaChannel(env, a);
  // These tests are about the provider, not the signature (messages-signature.test.ts): agents
  // may skip it, and these replies do.
    await env.h.request('PUT', '/settings/userDisableSignature', { token: a.admin.token, body: { value: 'enabled' } });
  });

  /** A customer writes; the ticket is opened by the admin. Answers the inbound message. */
  async function conversation(from = customer()) {
    const sent = await env.standIn.userSends({ from, name: 'Cliente', text: 'Oi' });
    const msg = (await arrived(env, a, ch.id, sent.wamid))!;
    await inTenant(env, a, (s) =>
      s.update(tickets, { status: 'open', userId: a.admin.userId }, eq(tickets.id, msg.ticketId)),
    );
    return { from, inbound: msg, ticketId: msg.ticketId };
  }

  const reply = (ticketId: number, body: Record<string, unknown>) =>
    env.h.request('POST', `/messages/${ticketId}`, { token: a.admin.token, body: { sign: false, ...body } });
  const row = (id: number) => inTenant(env, a, (s) => s.first(messages, eq(messages.id, id)));
  const sentTo = (to: string) => env.standIn.sent().filter((s) => s.to === to);
  const settled = (id: number) =>
    until(
      () => row(id),
      (m) => m?.status !== 'pending',
      30_000,
    );

  describe('waba outbound', () => {
    it("the agent's reply reaches the customer, and a quoted reply carries the context", async () => {
      const { from, inbound, ticketId } = await conversation();
      const res = await reply(ticketId, { body: 'Chega amanhã!' });
      expect(res.status).toBe(201);
      const sent = (await settled(res.body.id))!;
      expect(sent.status).toBe('sent');
      const [got] = sentTo(from);
      expect(got).toMatchObject({ id: sent.externalId, type: 'text' });
      expect(got!.payload).toMatchObject({
        messaging_product: 'whatsapp',
        to: from,
        text: { preview_url: false, body: 'Chega amanhã!' },
      });
      expect(got!.payload.context).toBeUndefined();

      const quoted = await reply(ticketId, { body: 'Sobre isso:', quotedMsgId: inbound.id });
      await settled(quoted.body.id);
      expect(sentTo(from)[1]!.payload).toMatchObject({ context: { message_id: inbound.externalId } });
    });

    it('a file is uploaded to the Cloud API and sent by its id, with caption and file name', async () => {
      const { from, ticketId } = await conversation();
      const form = new FormData();
      form.set('body', 'Segue a foto');
      form.set('sign', 'false'); // as reply() does: these tests are about the provider
      form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
      form.append(
        'files',
        new Blob([new Uint8Array(Buffer.from('%PDF-1.4 nota'))], { type: 'application/pdf' }),
        'nota.pdf',
      );
      const res = await fetch(`${env.prosaUrl}/messages/${ticketId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.admin.token}` },
        body: form,
      });
      expect(res.status).toBe(201);
      await until(
        () => sentTo(from),
        (s) => s.length === 2,
      );
      const [image, doc] = [...sentTo(from)].sort((x, y) => x.type.localeCompare(y.type)).reverse();
      expect(image).toMatchObject({ type: 'image', payload: { image: { caption: 'Segue a foto' } } });
      expect(image!.media!.data.equals(PNG)).toBe(true);
      expect(image!.media!.mimeType).toBe('image/png');
      expect(doc).toMatchObject({ type: 'document', payload: { document: { filename: 'nota.pdf' } } });
      expect(doc!.media!.data.toString()).toBe('%PDF-1.4 nota');
    });

    it('a voice note recorded in the composer (OGG/Opus) goes as an audio message with voice: true', async () => {
      const { from, ticketId } = await conversation();
      const form = new FormData();
      form.set('body', '');
      form.set('sign', 'false');
      form.append('medias', new Blob([new Uint8Array(VOICE_NOTE_OGG)], { type: 'audio/ogg' }), 'voice.ogg');
      const res = await fetch(`${env.prosaUrl}/messages/${ticketId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.admin.token}` },
        body: form,
      });
      expect(res.status).toBe(201);
      const stored = (await settled(((await res.json()) as { id: number }).id))!;
      expect(stored).toMatchObject({ status: 'sent', mediaType: 'audio', mimeType: 'audio/ogg; codecs=opus' });
      const [voice] = sentTo(from);
      expect(voice).toMatchObject({ id: stored.externalId, type: 'audio', payload: { audio: { voice: true } } });
      expect(voice!.payload.audio).not.toHaveProperty('caption');
      expect(voice!.media!.mimeType).toBe('audio/ogg');
      expect(isOggOpus(voice!.media!.data)).toBe(true);
      expect(voice!.media!.data.equals(VOICE_NOTE_OGG)).toBe(true);
    });

    it('delivered and read statuses update the message and never go backwards', async () => {
      const { ticketId } = await conversation();
      const res = await reply(ticketId, { body: 'Pode confirmar?' });
      const sent = (await settled(res.body.id))!;
      expect(await env.standIn.status(sent.externalId!, 'delivered')).toBe(200);
      expect(
        (await until(
          () => row(sent.id),
          (m) => m?.status === 'delivered',
        ))!.status,
      ).toBe('delivered');
      await env.standIn.status(sent.externalId!, 'read');
      expect(
        (await until(
          () => row(sent.id),
          (m) => m?.status === 'read',
        ))!.status,
      ).toBe('read');
      // A late "delivered" after "read" changes nothing.
      await env.standIn.status(sent.externalId!, 'delivered');
      await until(
        () => inTenant(env, a, (s) => s.select(messages)),
        () => false,
        1500,
      );
      expect((await row(sent.id))!.status).toBe('read');
    });

    it('500 then 429 (130429): the send is retried and the customer gets it exactly once', async () => {
      const { from, ticketId } = await conversation();
      // Sends only (path /{phone-number-id}/messages): other tests' jobs may call the stand-in too.
      env.standIn.failNext(1, 500, undefined, '/messages');
      env.standIn.failNext(1, 429, 130429, '/messages');
      const res = await reply(ticketId, { body: 'Mensagem persistente' });
      const sent = (await settled(res.body.id))!;
      expect(sent.status).toBe('sent');
      // Two failures, then the send (more only if another test process ran a job of this file).
      expect(sent.sendAttempts).toBeGreaterThanOrEqual(3);
      expect(
        sentTo(from).filter((s) => (s.payload.text as { body: string }).body === 'Mensagem persistente'),
      ).toHaveLength(1);
      // Running the send step again (a duplicate job) sends nothing more.
      expect(await inTenant(env, a, (s) => deliverMessage(env.h.app.platform, s, sent.id))).toBe('skipped');
      expect(sentTo(from)).toHaveLength(1);
    }, 40_000);

    it('131047 (more than 24 h) marks the message failed with ERR_WINDOW_CLOSED, without retry', async () => {
      const { from, ticketId } = await conversation();
      env.standIn.failNext(1, 400, 131047, '/messages');
      const res = await reply(ticketId, { body: 'Tarde demais' });
      const failed = (await settled(res.body.id))!;
      expect(failed).toMatchObject({ status: 'failed', lastError: 'ERR_WINDOW_CLOSED' });
      // Not retried: the message stays failed and nothing reaches the customer later.
      await until(
        () => row(failed.id),
        () => false,
        2500,
      );
      expect(await row(failed.id)).toMatchObject({ status: 'failed' });
      expect(sentTo(from)).toHaveLength(0);
    });

    it('an invalid recipient fails with ERR_WAPP_INVALID_CONTACT', async () => {
      const { from, ticketId } = await conversation();
      env.standIn.failNext(1, 400, 131026, '/messages');
      const res = await reply(ticketId, { body: 'Olá?' });
      expect(await settled(res.body.id)).toMatchObject({ status: 'failed', lastError: 'ERR_WAPP_INVALID_CONTACT' });
      expect(sentTo(from)).toHaveLength(0);
    });

    it('sends reply buttons and lists as interactive messages', async () => {
      const { from, ticketId } = await conversation();
      const out = {
        messageId: 1,
        ticketId,
        body: 'Como podemos ajudar?',
        mediaType: 'chat',
        to: { number: from },
      };
      const adapter = channelAdapters.waba!;
      const b = await adapter.send(env.h.app.platform, ch, {
        ...out,
        interactive: {
          type: 'buttons',
          buttons: [
            { id: 'vendas', title: 'Vendas' },
            { id: 'suporte', title: 'Suporte' },
          ],
        },
      });
      const l = await adapter.send(env.h.app.platform, ch, {
        ...out,
        interactive: {
          type: 'list',
          button: 'Opções',
          sections: [{ title: 'Setores', rows: [{ id: 'fin', title: 'Financeiro' }] }],
        },
      });
      const [buttons, list] = sentTo(from);
      expect(buttons).toMatchObject({
        id: b.externalId,
        type: 'interactive',
        payload: { interactive: { type: 'button', body: { text: 'Como podemos ajudar?' } } },
      });
      expect((buttons!.payload.interactive as { action: { buttons: unknown[] } }).action.buttons).toHaveLength(2);
      expect(list).toMatchObject({
        id: l.externalId,
        payload: { interactive: { type: 'list', action: { button: 'Opções' } } },
      });
    });
  });

  describe('waba reactions (the Cloud API has no edit or deletion)', () => {
    const reactionsTo = (from: string) => sentTo(from).filter((x) => x.type === 'reaction');
    const react = (id: number, emoji: string) =>
      env.h.request('POST', `/messages/reactions/${id}`, { token: a.admin.token, body: { emoji } });

    it("an agent's reaction is a reaction message naming the customer's wamid; taking it back sends an empty emoji", async () => {
      const { from, inbound } = await conversation();
      expect((await react(inbound.id, '🙏')).status).toBe(200);
      await until(
        () => reactionsTo(from),
        (x) => x.length === 1,
      );
      expect((await react(inbound.id, '🙏')).body.reactions).toEqual([]);
      await until(
        () => reactionsTo(from),
        (x) => x.length === 2,
      );
      expect(reactionsTo(from).map((x) => x.payload)).toEqual([
        expect.objectContaining({
          messaging_product: 'whatsapp',
          to: from,
          type: 'reaction',
          reaction: { message_id: inbound.externalId, emoji: '🙏' },
        }),
        expect.objectContaining({ type: 'reaction', reaction: { message_id: inbound.externalId, emoji: '' } }),
      ]);
    });

    it('500 then 429: the reaction is retried and sent exactly once', async () => {
      const { from, inbound } = await conversation();
      env.standIn.failNext(1, 500, undefined, '/messages');
      env.standIn.failNext(1, 429, 130429, '/messages');
      expect((await react(inbound.id, '👍')).status).toBe(200);
      const [action] = await until(
        () => inTenant(env, a, (s) => s.select(messageActions, eq(messageActions.messageId, inbound.id))),
        (rows) => rows[0]?.status === 'done',
        30_000,
      );
      expect(action!.attempts).toBeGreaterThanOrEqual(3);
      expect(reactionsTo(from)).toHaveLength(1);
    }, 40_000);

    it('an edit or a deletion of a sent message is refused with ERR_CHANNEL_NOT_SUPPORTED, changing nothing', async () => {
      const { ticketId } = await conversation();
      const sent = (await settled((await reply(ticketId, { body: 'Sem volta' })).body.id))!;
      const refused = { status: 400, body: { error: 'ERR_CHANNEL_NOT_SUPPORTED' } };
      expect(
        await env.h.request('POST', `/messages/edit/${sent.id}`, { token: a.admin.token, body: { body: 'Com volta' } }),
      ).toMatchObject(refused);
      expect(await env.h.request('DELETE', `/messages/${sent.id}`, { token: a.admin.token })).toMatchObject(refused);
      expect(await row(sent.id)).toEqual(sent);
      const ticket = await env.h.request('GET', `/tickets/${ticketId}`, { token: a.admin.token });
      expect(ticket.body.messageActions).toEqual({ react: true, reactionEmojis: null, edit: false, delete: false });
    });

    it("the customer's reaction to our message is stored once, and taken back", async () => {
      const { from, ticketId } = await conversation();
      const ours = (await settled((await reply(ticketId, { body: 'Pedido enviado!' })).body.id))!;
      const reaction = { messageId: ours.externalId!, emoji: '❤️' };
      await env.standIn.userSends({ from, reaction });
      await env.standIn.userSends({ from, reaction });
      const reacted = await until(
        () => row(ours.id),
        (m) => (m?.reactions.length ?? 0) > 0,
      );
      expect(reacted!.reactions).toEqual([{ emoji: '❤️', fromMe: false, author: from }]);
      await env.standIn.userSends({ from, reaction: { messageId: ours.externalId!, emoji: '' } });
      expect(
        (await until(
          () => row(ours.id),
          (m) => m?.reactions.length === 0,
        ))!.reactions,
      ).toEqual([]);
      // Reactions are not messages: the conversation still has the two messages.
      expect(await inTenant(env, a, (s) => s.count(messages, eq(messages.ticketId, ticketId)))).toBe(2);
    });
  });

  describe('waba connect', () => {
    it('checks the token against the phone number and keeps its display number', async () => {
      const states: unknown[] = [];
      const ctx = (channel: ChannelRow) => ({
        platform: env.h.app.platform,
        channel,
        report: async (s: unknown) => void states.push(s),
        receive: async () => undefined,
      });
      await channelAdapters.waba!.connect!(ctx(ch));
      expect(states).toEqual([{ status: 'CONNECTED', number: '15550783881' }]);
      env.standIn.failNext(1, 401, 190);
      await expect(channelAdapters.waba!.connect!(ctx(ch))).rejects.toMatchObject({
        code: 'ERR_CHANNEL_TOKEN_INVALID',
      });
      expect(states[1]).toEqual({ status: 'DISCONNECTED' });
    });
  });

  describe('the 24-hour window', () => {
    it('GET /messages/window answers closed 24 h after the last customer message, and a text is refused up front', async () => {
      const { from, ticketId } = await conversation();
      const open = await env.h.request('GET', `/messages/window/${ticketId}`, { token: a.admin.token });
      expect(open.body).toMatchObject({ open: true, channelType: 'waba' });
      expect(channelAdapters.waba!.capabilities.windowHours).toBe(24);
      await inTenant(env, a, (s) =>
        s.update(tickets, { lastInboundAt: new Date(Date.now() - 25 * 3_600_000) }, eq(tickets.id, ticketId)),
      );
      const closed = await env.h.request('GET', `/messages/window/${ticketId}`, { token: a.admin.token });
      expect(closed.body).toMatchObject({ open: false, channelType: 'waba' });
      const before = await inTenant(env, a, (s) => s.count(messages, eq(messages.ticketId, ticketId)));
      const refused = await reply(ticketId, { body: 'Ainda está aí?' });
      expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_WINDOW_CLOSED' } });
      expect(await inTenant(env, a, (s) => s.count(messages, eq(messages.ticketId, ticketId)))).toBe(before);
      expect(sentTo(from)).toHaveLength(0);
      // The customer writes again: the window opens.
      await env.standIn.userSends({ from, text: 'Voltei' });
      await until(
        () => env.h.request('GET', `/messages/window/${ticketId}`, { token: a.admin.token }),
        (r) => r.body.open === true,
      );
      expect((await reply(ticketId, { body: 'Que bom!' })).status).toBe(201);
    });
  });
}
