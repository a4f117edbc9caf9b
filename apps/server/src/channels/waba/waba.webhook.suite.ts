import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, inboundEvents, messages, tickets } from '../../platform/db/schema.js';
import { storageOf } from '../../platform/storage/storage.js';
import type { Company } from '../../test/harness.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { messagePayload, type Business } from './stand-in/webhook-payloads.js';
import {
  arrived,
  channelEvents,
  customer,
  inTenant,
  PNG,
  until,
  VERIFY_TOKEN,
  wabaChannel,
  type WabaEnv,
} from '../testing/waba.test-support.js';

/** Runs inside waba.integration.test.ts, on its app and stand-in. */
export function webhookSuite(envOf: () => WabaEnv): void {
  let env: WabaEnv;
  let a: Company;
  let ch: ChannelRow;

  beforeAll(async () => {
    env = envOf();
    a = await env.h.company();
    ch = await wabaChannel(env, a);
  });

  const business = (): Business => ({
    wabaId: env.standIn.wabaId,
    phoneNumberId: env.standIn.phoneNumberId,
    displayPhoneNumber: '15550783881',
  });

  describe('waba webhook handshake', () => {
    it("answers Meta's challenge as plain text for the channel's verify token only", async () => {
      const ok = await env.standIn.verifyWebhook(VERIFY_TOKEN, '1158201444');
      expect(ok).toEqual({ status: 200, body: '1158201444' });
      expect((await env.standIn.verifyWebhook('wrong-token', '1158201444')).status).toBe(403);
      const res = await env.h.request(
        'GET',
        `/webhooks/waba/${ch.webhookKey}?hub.mode=subscribe&hub.challenge=42&hub.verify_token=${VERIFY_TOKEN}`,
      );
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const unsubscribe = await env.h.request(
        'GET',
        `/webhooks/waba/${ch.webhookKey}?hub.mode=unsubscribe&hub.challenge=42&hub.verify_token=${VERIFY_TOKEN}`,
      );
      expect(unsubscribe.status).toBe(403);
      const unknown = await env.h.request(
        'GET',
        `/webhooks/waba/no-such-key-000?hub.mode=subscribe&hub.challenge=42&hub.verify_token=${VERIFY_TOKEN}`,
      );
      expect(unknown.status).toBe(403);
    });
  });

  describe('waba inbound', () => {
    it("a customer's text becomes one ticket and one message, with the profile name", async () => {
      const from = customer();
      const sent = await env.standIn.userSends({ from, name: 'Maria Souza', text: 'Olá, qual o prazo?' });
      expect(sent.status).toBe(200);
      const msg = (await arrived(env, a, ch.id, sent.wamid))!;
      expect(msg).toMatchObject({ body: 'Olá, qual o prazo?', fromMe: false, status: 'received', mediaType: 'chat' });
      const { ticket, contact, all } = await inTenant(env, a, async (s) => ({
        ticket: await s.first(tickets, eq(tickets.id, msg.ticketId)),
        contact: await s.first(contacts, eq(contacts.number, from)),
        all: await s.select(messages, eq(messages.ticketId, msg.ticketId)),
      }));
      expect(ticket).toMatchObject({
        channelId: ch.id,
        status: 'pending',
        queueId: ch.defaultQueueId,
        contactId: contact!.id,
      });
      expect(contact).toMatchObject({ name: 'Maria Souza', number: from });
      expect(all.filter((m) => m.mediaType !== 'system')).toHaveLength(1);
      // A second message goes to the same ticket.
      const again = await env.standIn.userSends({ from, name: 'Maria Souza', text: 'Alguém aí?' });
      expect((await arrived(env, a, ch.id, again.wamid))!.ticketId).toBe(msg.ticketId);
    });

    it('an image arrives as media with the bytes the customer sent', async () => {
      const sent = await env.standIn.userSends({
        from: customer(),
        name: 'Bia',
        image: { data: PNG, mimeType: 'image/png', caption: 'Veja' },
      });
      const msg = (await arrived(env, a, ch.id, sent.wamid))!;
      expect(msg).toMatchObject({ mediaType: 'image', body: 'Veja', mimeType: 'image/png', mediaSize: PNG.length });
      const bytes = await readFile(storageOf(env.h.app.platform.db).localPath(msg.mediaKey!));
      expect(bytes.equals(PNG)).toBe(true);
      // Prosa fetched it the Cloud API way: metadata, then the URL, both with the token.
      const paths = env.standIn.calls().map((c) => `${c.method} ${c.path.split('?')[0]} ${c.authorized}`);
      expect(paths).toContain('GET /whatsapp_business/attachments/ true');
    });

    it('a document keeps its file name, an audio its type', async () => {
      const pdf = Buffer.from('%PDF-1.4 comprovante');
      const doc = await env.standIn.userSends({
        from: customer(),
        document: { data: pdf, mimeType: 'application/pdf', fileName: 'comprovante.pdf' },
      });
      expect(await arrived(env, a, ch.id, doc.wamid)).toMatchObject({
        mediaType: 'document',
        mediaName: 'comprovante.pdf',
        mediaSize: pdf.length,
      });
      const audio = await env.standIn.userSends({
        from: customer(),
        audio: { data: Buffer.from('OggS-voice'), mimeType: 'audio/ogg; codecs=opus' },
      });
      expect(await arrived(env, a, ch.id, audio.wamid)).toMatchObject({
        mediaType: 'audio',
        mimeType: 'audio/ogg; codecs=opus',
      });
    });

    it('a media download that fails is retried by the job, and the message is stored once', async () => {
      env.standIn.failNext(1, 500);
      const sent = await env.standIn.userSends({ from: customer(), image: { data: PNG, mimeType: 'image/png' } });
      const msg = await arrived(env, a, ch.id, sent.wamid);
      expect(msg).toMatchObject({ mediaType: 'image', mediaSize: PNG.length });
      // The job marks its payload processed just after storing the message: wait for that too.
      const processed = (evs: Awaited<ReturnType<typeof channelEvents>>) => evs.every((e) => e.processedAt && !e.error);
      const events = await until(() => channelEvents(env, a, ch.id), processed);
      expect(processed(events)).toBe(true);
    }, 30_000);

    it('a bad or missing signature is refused with 401 and stores nothing', async () => {
      const before = (await channelEvents(env, a, ch.id)).length;
      const { payload } = messagePayload(business(), {
        from: customer(),
        message: { type: 'text', text: { body: 'forjada' } },
      });
      const forged = await env.standIn.postWebhook(payload, `sha256=${'0'.repeat(64)}`);
      expect(forged).toEqual({ status: 401, body: JSON.stringify({ error: 'ERR_WEBHOOK_SIGNATURE' }) });
      const missing = await env.h.request('POST', `/webhooks/waba/${ch.webhookKey}`, { body: payload });
      expect(missing).toMatchObject({ status: 401, body: { error: 'ERR_WEBHOOK_SIGNATURE' } });
      const unknownKey = await env.h.request('POST', '/webhooks/waba/no-such-key-000', {
        body: payload,
        headers: { 'x-hub-signature-256': 'sha256=00' },
      });
      expect(unknownKey.status).toBe(401);
      expect((await channelEvents(env, a, ch.id)).length).toBe(before);
    });

    it('the same webhook delivered twice stores one message', async () => {
      const sent = await env.standIn.userSends({ from: customer(), text: 'duplicado?' });
      expect((await env.standIn.postWebhook(sent.payload)).status).toBe(200);
      await arrived(env, a, ch.id, sent.wamid);
      await until(
        () => channelEvents(env, a, ch.id),
        (rows) => rows.every((r) => r.processedAt),
      );
      const rows = await inTenant(env, a, (s) => s.select(messages, eq(messages.externalId, sent.wamid)));
      expect(rows).toHaveLength(1);
    });

    it('ignores changes of another phone number and stores nothing for them', async () => {
      const before = (await channelEvents(env, a, ch.id)).length;
      const other = { ...business(), phoneNumberId: '999999999999999' };
      const res = await env.standIn.postWebhook(
        messagePayload(other, { from: customer(), message: { type: 'text', text: { body: 'x' } } }).payload,
      );
      expect(res.status).toBe(200);
      expect((await channelEvents(env, a, ch.id)).length).toBe(before);
      const stored = await inTenant(env, a, (s) => s.select(inboundEvents));
      expect(JSON.stringify(stored.map((e) => e.payload))).not.toContain('999999999999999');
    });
  });
}
