import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliverMessage } from '../../modules/messages/commands/deliver-message.js';
import { messageActions, messages } from '../../platform/db/schema.js';
import type { Company } from '../../test/harness.js';
import { channelAdapters } from '../../modules/channels/channel-registry.js';
import type { MetaChannelType } from './meta.config.js';
import {
  arrived,
  inTenant,
  messageRow,
  metaChannel,
  openTicket,
  PNG,
  settledInbound,
  until,
  useChannel,
  type MetaChannel,
  type MetaEnv,
} from '../testing/meta.test-support.js';

const MB = 1024 * 1024;

/** Runs inside meta.integration.test.ts, on its app and stand-in, once per channel type. */
export function outboundSuite(envOf: () => MetaEnv, type: MetaChannelType): void {
  let env: MetaEnv;
  let a: Company;
  let mc: MetaChannel;

  beforeAll(async () => {
    env = envOf();
    a = await env.h.company();
    mc = await metaChannel(env, a, type);
  // These tests are about the provider, not the signature (messages-signature.test.ts): agents
  // may skip it, and these replies do.
    await env.h.request('PUT', '/settings/userDisableSignature', { token: a.admin.token, body: { value: 'enabled' } });
  });

  /** A person writes; the admin opens the ticket. */
  async function conversation() {
    useChannel(env, mc);
    const sent = await env.standIn.userSends({ object: mc.object, pageId: mc.page.id, name: 'Cliente', text: 'Oi' });
    const inbound = (await arrived(env, a, mc.channel.id, sent.mid))!;
    await openTicket(env, a, inbound.ticketId);
    return { from: sent.from, inbound, ticketId: inbound.ticketId };
  }
  const reply = (ticketId: number, body: Record<string, unknown>) =>
    env.h.request('POST', `/messages/${ticketId}`, { token: a.admin.token, body: { sign: false, ...body } });
  const sentTo = (to: string) => env.standIn.sent().filter((s) => s.recipient === to);
  const settled = (id: number) =>
    until(
      () => messageRow(env, a, id),
      (m) => m?.status !== 'pending',
      30_000,
    );

  it("the agent's reply reaches the person once through the Send API, and Meta's echo stores nothing more", async () => {
    const { from, ticketId } = await conversation();
    env.standIn.setAutoEcho(true);
    const deliveriesBefore = env.standIn.deliveries().length;
    try {
      const res = await reply(ticketId, { body: 'Entregamos hoje!' });
      expect(res.status).toBe(201);
      const sent = (await settled(res.body.id))!;
      expect(sent).toMatchObject({ status: 'sent' });
      const [got] = sentTo(from);
      expect(got).toMatchObject({ id: sent.externalId, kind: 'message', text: 'Entregamos hoje!', pageId: mc.page.id });
      expect(got!.payload).toMatchObject({
        recipient: { id: from },
        messaging_type: 'RESPONSE',
        message: { text: 'Entregamos hoje!' },
      });
      // The echo came back through the webhook and was dropped (Messenger) or deduplicated (Instagram).
      expect(
        await until(
          () => env.standIn.deliveries().length,
          (n) => n > deliveriesBefore,
        ),
      ).toBeGreaterThan(deliveriesBefore);
      expect(env.standIn.deliveries().at(-1)!.status).toBe(200);
      await until(
        () => env.standIn.deliveries().length,
        () => false,
        500,
      );
      await settledInbound(env, a, mc.channel.id);
      const rows = await inTenant(env, a, (s) => s.select(messages, eq(messages.ticketId, ticketId)));
      expect(rows.filter((m) => m.fromMe)).toHaveLength(1);
      expect(sentTo(from)).toHaveLength(1);
    } finally {
      env.standIn.setAutoEcho(false);
    }
  });

  it('a file is uploaded as an attachment and sent by its id; the text follows', async () => {
    const { from, ticketId } = await conversation();
    const form = new FormData();
    form.set('body', 'Segue a foto');
    form.set('sign', 'false'); // as reply() does: these tests are about the provider
    form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
    const res = await fetch(`${env.prosaUrl}/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.admin.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const row = (await settled(((await res.json()) as { id: number }).id))!;
    expect(row.status).toBe('sent');
    const [file, text] = sentTo(from);
    expect(file).toMatchObject({ id: row.externalId, payload: { message: { attachment: { type: 'image' } } } });
    expect(file!.attachment!.data.equals(PNG)).toBe(true);
    expect(file!.attachment!).toMatchObject({
      mimeType: 'image/png',
      fileName: 'foto.png',
      instagram: type === 'instagram',
    });
    expect(text).toMatchObject({ text: 'Segue a foto' });
  });

  it('delivery and read receipts update the statuses', async () => {
    const { from, ticketId } = await conversation();
    const one = (await settled((await reply(ticketId, { body: 'Primeira' })).body.id))!;
    const two = (await settled((await reply(ticketId, { body: 'Segunda' })).body.id))!;
    if (type === 'messenger') {
      expect(await env.standIn.delivered(one.externalId!)).toBe(200);
      await until(
        () => messageRow(env, a, one.id),
        (m) => m?.status === 'delivered',
      );
      expect((await messageRow(env, a, one.id))!.status).toBe('delivered');
      // Read up to a watermark: both messages sent before it are read.
      expect(await env.standIn.read(Date.now() + 1000, { to: from, pageId: mc.page.id })).toBe(200);
    } else {
      expect(await env.standIn.seen(two.externalId!)).toBe(200);
    }
    await until(
      () => messageRow(env, a, two.id),
      (m) => m?.status === 'read',
    );
    expect((await messageRow(env, a, one.id))!.status).toBe('read');
    expect((await messageRow(env, a, two.id))!.status).toBe('read');
  });

  it('500 then a rate limit (613): the send is retried and reaches the person exactly once', async () => {
    const { from, ticketId } = await conversation();
    // Sends only (/{page-id}/messages): other tests' jobs may call the stand-in meanwhile.
    env.standIn.failNext(1, 500, undefined, undefined, '/messages');
    env.standIn.failNext(1, 400, 613, undefined, '/messages');
    const res = await reply(ticketId, { body: 'Mensagem persistente' });
    const sent = (await settled(res.body.id))!;
    expect(sent.status).toBe('sent');
    expect(sent.sendAttempts).toBeGreaterThanOrEqual(3);
    expect(sentTo(from).filter((s) => s.text === 'Mensagem persistente')).toHaveLength(1);
    expect(await inTenant(env, a, (s) => deliverMessage(env.h.app.platform, s, sent.id))).toBe('skipped');
    expect(sentTo(from)).toHaveLength(1);
  }, 40_000);

  it('the 24-hour policy (code 10) fails the message with ERR_WINDOW_CLOSED, without retry', async () => {
    const { from, ticketId } = await conversation();
    env.standIn.failNext(1, 400, 10, type === 'messenger' ? 2018278 : 2534022, '/messages');
    const res = await reply(ticketId, { body: 'Tarde demais' });
    const failed = (await settled(res.body.id))!;
    expect(failed).toMatchObject({ status: 'failed', lastError: 'ERR_WINDOW_CLOSED', sendAttempts: 1 });
    await until(
      () => messageRow(env, a, failed.id),
      () => false,
      2000,
    );
    expect(await messageRow(env, a, failed.id)).toMatchObject({ status: 'failed' });
    expect(sentTo(from)).toHaveLength(0);
    expect(channelAdapters[type]!.capabilities.windowHours).toBe(24);
  });

  it('a person the page cannot reach fails with ERR_WAPP_INVALID_CONTACT', async () => {
    const { ticketId } = await conversation();
    env.standIn.failNext(1, 400, 100, type === 'messenger' ? 2018001 : 2534014, '/messages');
    const res = await reply(ticketId, { body: 'Olá?' });
    expect(await settled(res.body.id)).toMatchObject({ status: 'failed', lastError: 'ERR_WAPP_INVALID_CONTACT' });
  });

  describe('reactions, edits and deletions', () => {
    const reactionsTo = (from: string) => sentTo(from).filter((x) => x.kind === 'reaction');
    const react = (id: number, emoji: string) =>
      env.h.request('POST', `/messages/reactions/${id}`, { token: a.admin.token, body: { emoji } });
    const heart = '❤️';

    it(
      type === 'instagram'
        ? "an agent's heart goes as the sender action react 'love', other emoji are refused"
        : "an agent's reaction goes as the sender action react with its emoji, and unreact",
      async () => {
        const { from, inbound, ticketId } = await conversation();
        const ticket = (await env.h.request('GET', `/tickets/${ticketId}`, { token: a.admin.token })).body;
        expect(ticket.messageActions).toEqual({
          react: true,
          reactionEmojis: type === 'instagram' ? [heart] : null,
          edit: false,
          delete: false,
        });
        if (type === 'instagram')
          expect(await react(inbound.id, '👍')).toMatchObject({
            status: 400,
            body: { error: 'ERR_CHANNEL_NOT_SUPPORTED' },
          });
        expect((await react(inbound.id, heart)).status).toBe(200);
        await until(
          () => reactionsTo(from),
          (x) => x.length === 1,
        );
        await react(inbound.id, heart);
        await until(
          () => reactionsTo(from),
          (x) => x.length === 2,
        );
        expect(reactionsTo(from).map((x) => x.payload)).toEqual([
          {
            recipient: { id: from },
            sender_action: 'react',
            payload: { message_id: inbound.externalId, reaction: type === 'instagram' ? 'love' : heart },
          },
          { recipient: { id: from }, sender_action: 'unreact', payload: { message_id: inbound.externalId } },
        ]);
      },
    );

    it('500 then a rate limit (613): the reaction is retried and made exactly once', async () => {
      const { from, inbound } = await conversation();
      env.standIn.failNext(1, 500, undefined, undefined, '/messages');
      env.standIn.failNext(1, 400, 613, undefined, '/messages');
      expect((await react(inbound.id, heart)).status).toBe(200);
      const [action] = await until(
        () => inTenant(env, a, (s) => s.select(messageActions, eq(messageActions.messageId, inbound.id))),
        (rows) => rows[0]?.status === 'done',
        30_000,
      );
      expect(action!.attempts).toBeGreaterThanOrEqual(3);
      expect(reactionsTo(from)).toHaveLength(1);
    }, 40_000);

    it('edits and deletions of a sent message are refused (the Send API has neither)', async () => {
      const { ticketId } = await conversation();
      const sent = (await settled((await reply(ticketId, { body: 'Definitiva' })).body.id))!;
      const refused = { status: 400, body: { error: 'ERR_CHANNEL_NOT_SUPPORTED' } };
      expect(
        await env.h.request('POST', `/messages/edit/${sent.id}`, { token: a.admin.token, body: { body: 'Outra' } }),
      ).toMatchObject(refused);
      expect(await env.h.request('DELETE', `/messages/${sent.id}`, { token: a.admin.token })).toMatchObject(refused);
      expect(await messageRow(env, a, sent.id)).toEqual(sent);
    });

    it("the person's reaction, edit and unsent message change the stored messages", async () => {
      const { from, inbound, ticketId } = await conversation();
      const ours = (await settled((await reply(ticketId, { body: 'Chegou?' })).body.id))!;
      const at = { object: mc.object, pageId: mc.page.id, from };
      expect(await env.standIn.userReacts({ ...at, mid: ours.externalId!, emoji: '😮' })).toBe(200);
      expect(await env.standIn.userEdits({ ...at, mid: inbound.externalId!, text: 'Oi, tudo bem?' })).toBe(200);
      await settledInbound(env, a, mc.channel.id);
      expect(
        await until(
          () => messageRow(env, a, ours.id),
          (m) => (m?.reactions.length ?? 0) > 0,
        ),
      ).toMatchObject({
        reactions: [{ emoji: '😮', fromMe: false, author: from }],
      });
      expect(
        await until(
          () => messageRow(env, a, inbound.id),
          (m) => !!m?.isEdited,
        ),
      ).toMatchObject({
        body: 'Oi, tudo bem?',
        isEdited: true,
      });
      expect(await env.standIn.userReacts({ ...at, mid: ours.externalId!, emoji: null })).toBe(200);
      expect(await env.standIn.userUnsends({ ...at, mid: inbound.externalId! })).toBe(200);
      expect(
        (await until(
          () => messageRow(env, a, ours.id),
          (m) => m?.reactions.length === 0,
        ))!.reactions,
      ).toEqual([]);
      expect(
        await until(
          () => messageRow(env, a, inbound.id),
          (m) => !!m?.isDeleted,
        ),
      ).toMatchObject({
        isDeleted: true,
        body: 'Oi, tudo bem?',
      });
    });
  });

  describe('file size', () => {
    it(
      type === 'instagram' ? 'a 9 MB file is refused before anything is stored or sent' : 'a 9 MB file is accepted',
      async () => {
        const { from, ticketId } = await conversation();
        const big = Buffer.concat([PNG, Buffer.alloc(9 * MB)]);
        const form = new FormData();
        form.append('files', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'grande.png');
        const res = await fetch(`${env.prosaUrl}/messages/${ticketId}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${a.admin.token}` },
          body: form,
        });
        if (type === 'messenger') {
          expect(res.status).toBe(201);
          return;
        }
        expect(res.status).toBe(413);
        expect(await res.json()).toEqual({ error: 'ERR_FILE_TOO_LARGE' });
        expect(channelAdapters.instagram!.capabilities.maxFileBytes).toBe(8 * MB);
        // The adapter refuses it too, without retry, if it ever gets one (a file stored before a change).
        const file = path.join(tmpdir(), `meta-big-${Date.now()}.png`);
        await writeFile(file, big);
        const uploads = () => env.standIn.calls().filter((c) => c.path.endsWith('/message_attachments')).length;
        const uploadsBefore = uploads();
        await expect(
          channelAdapters.instagram!.send(env.h.app.platform, mc.channel, {
            messageId: 1,
            ticketId,
            body: '',
            mediaType: 'image',
            media: { path: file, mimeType: 'image/png', fileName: 'grande.png' },
            to: { number: '', providerId: from },
          }),
        ).rejects.toMatchObject({ message: 'ERR_FILE_TOO_LARGE', retryable: false });
        expect(sentTo(from)).toHaveLength(0);
        expect(uploads()).toBe(uploadsBefore);
      },
      30_000,
    );
  });
}
