/**
 * Agents' messages through the real outbox (POST /messages/:ticketId -> messages.send job ->
 * adapter.send) to the fake socket: the JID, the content, quoted replies, files, and what is
 * retried (not connected, a failed send) or failed at once (not on WhatsApp).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbound, newId } from '../../modules/messages/messages.test-support.js';
import { messages, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { isOggOpus, VOICE_NOTE_OGG } from '../shared/voice-note.fixtures.js';
import type { ChannelRow, ChannelSession } from '../../modules/channels/channel-adapter.js';
import { fakeSockets, type FakeSocket } from './fakes/fake-socket.js';
import { createWhatsappAdapter } from './whatsapp.adapter.js';
import { waMessageIdOf } from './whatsapp.send.js';
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

async function connect(): Promise<void> {
  session = (await adapter.connect!(sessionContext(h.app.platform, channel)))!;
  socket = fake.last();
  if (!socket.config.auth!.creds.me) socket.pair('5511900001111');
  socket.open();
  socket.registered.set('5511987654321', '5511987654321@s.whatsapp.net');
  // A Brazilian mobile WhatsApp knows without its ninth digit.
  socket.registered.set('5531988887777', '553188887777@s.whatsapp.net');
}

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  restore = useAdapter(adapter);
  channel = await whatsappChannel(h, a);
  await h.request('PUT', '/settings/ignoreGroupMsg', { token: a.admin.token, body: { value: 'disabled' } });
  // These tests are about the provider, not the signature (messages-signature.test.ts): agents
  // may skip it, and these replies do.
  await h.request('PUT', '/settings/userDisableSignature', { token: a.admin.token, body: { value: 'enabled' } });
  await connect();
});
afterAll(async () => {
  await session.stop();
  restore();
  await h.close();
});

/** An open ticket of the admin with a contact who wrote first. */
async function ticketOf(from: { number?: string; providerId?: string; name?: string }, isGroup = false) {
  const r = await inbound(h, a, channel, { externalId: newId(), from, body: 'oi', isGroup });
  await withTenant(db(), a.tenantId, (s) =>
    s.update(tickets, { status: 'open', userId: a.admin.userId }, eq(tickets.id, r.ticketId!)),
  );
  return r;
}
const post = (ticketId: number, body: Record<string, unknown>) =>
  h.request('POST', `/messages/${ticketId}`, { token: a.admin.token, body: { sign: false, ...body } });
const row = (id: number) => withTenant(db(), a.tenantId, (s) => s.first(messages, eq(messages.id, id)));
const settled = (id: number, ms?: number) =>
  until(
    () => row(id),
    (m) => m?.status !== 'pending',
    ms,
  );
const sentFor = (id: number) => socket.sent.filter((s) => s.options?.messageId === waMessageIdOf(channel.id, id));

describe(`whatsapp send (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a text goes to the number WhatsApp knows, with a stable id; a quoted reply quotes the stored message', async () => {
    const t = await ticketOf({ number: '5511987654321', name: 'Mariana' });
    const res = await post(t.ticketId!, { body: 'Olá Mariana, posso ajudar?' });
    expect(await settled(res.body.id)).toMatchObject({
      status: 'sent',
      externalId: waMessageIdOf(channel.id, res.body.id),
    });
    const [sent] = sentFor(res.body.id);
    expect(sent).toMatchObject({
      jid: '5511987654321@s.whatsapp.net',
      content: { text: 'Olá Mariana, posso ajudar?', linkPreview: null },
    });

    const reply = await post(t.ticketId!, { body: 'Sobre isso aqui', quotedMsgId: t.messageId });
    await settled(reply.body.id);
    const [quoted] = sentFor(reply.body.id);
    const original = await row(t.messageId!);
    expect(quoted!.options?.quoted).toEqual({
      key: { remoteJid: '5511987654321@s.whatsapp.net', id: original!.externalId, fromMe: false },
      message: { conversation: 'oi' },
    });
  });

  it('an image is sent as an image from the stored file, with its caption', async () => {
    const t = await ticketOf({ number: '5511987654321' });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = `----prosa${newId()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nSegue a foto\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="sign"\r\n\r\nfalse\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: `/messages/${t.ticketId}`,
      headers: {
        authorization: `Bearer ${a.admin.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { id: number }).id;
    expect(await settled(id)).toMatchObject({ status: 'sent' });
    const [sent] = sentFor(id);
    const content = sent!.content as { image: { url: string }; caption: string; mimetype: string };
    expect(content).toMatchObject({ caption: 'Segue a foto', mimetype: 'image/png' });
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(content.image.url)).equals(png)).toBe(true);
  });

  it('a voice note recorded in the composer (OGG/Opus) goes as a ptt audio, a voice note in WhatsApp', async () => {
    const t = await ticketOf({ number: '5511987654321' });
    const form = new FormData();
    form.set('body', '');
    form.set('sign', 'false');
    form.append('medias', new Blob([new Uint8Array(VOICE_NOTE_OGG)], { type: 'audio/ogg' }), 'voice.ogg');
    // The multipart body as a browser sends it (boundary and all).
    const request = new Request('http://prosa.test/', { method: 'POST', body: form });
    const res = await h.app.inject({
      method: 'POST',
      url: `/messages/${t.ticketId}`,
      headers: { authorization: `Bearer ${a.admin.token}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;
    expect(await settled(id)).toMatchObject({ status: 'sent', mediaType: 'audio', mimeType: 'audio/ogg; codecs=opus' });
    const sent = sentFor(id);
    expect(sent).toHaveLength(1); // no empty text after it
    const content = sent[0]!.content as { audio: { url: string }; ptt: boolean; mimetype: string };
    expect(content).toMatchObject({ ptt: true, mimetype: 'audio/ogg; codecs=opus' });
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(content.audio.url);
    expect(isOggOpus(bytes)).toBe(true);
    expect(bytes.equals(VOICE_NOTE_OGG)).toBe(true);
  });

  it('a Brazilian number goes to the JID onWhatsApp answers; groups and LID contacts to their own JID', async () => {
    const br = await ticketOf({ number: '5531988887777' });
    const r1 = await post(br.ticketId!, { body: 'oi' });
    await settled(r1.body.id);
    expect(sentFor(r1.body.id)[0]!.jid).toBe('553188887777@s.whatsapp.net');

    const group = await ticketOf({ providerId: '120363025246125888@g.us', name: 'Entregas' }, true);
    const r2 = await post(group.ticketId!, { body: 'Bom dia, grupo' });
    await settled(r2.body.id);
    expect(sentFor(r2.body.id)[0]!.jid).toBe('120363025246125888@g.us');

    const lid = await ticketOf({ providerId: '219988776655443@lid', name: 'Paula' });
    const r3 = await post(lid.ticketId!, { body: 'Oi Paula' });
    await settled(r3.body.id);
    expect(sentFor(r3.body.id)[0]!.jid).toBe('219988776655443@lid');
  });

  it('a number not on WhatsApp fails at once with ERR_WAPP_INVALID_CONTACT', async () => {
    const t = await ticketOf({ number: '5511900000000' });
    const res = await post(t.ticketId!, { body: 'alô?' });
    expect(await settled(res.body.id)).toMatchObject({
      status: 'failed',
      lastError: 'ERR_WAPP_INVALID_CONTACT',
      sendAttempts: 1,
    });
    expect(sentFor(res.body.id)).toEqual([]);
  });

  it('a failed send is retried with the same WhatsApp id and sent once', async () => {
    const t = await ticketOf({ number: '5511987654321' });
    socket.failSends = 1;
    const res = await post(t.ticketId!, { body: 'tentando de novo' });
    expect(await settled(res.body.id, 30_000)).toMatchObject({ status: 'sent', sendAttempts: 2, lastError: null });
    expect(socket.calls.filter((c) => c === 'sendMessage:5511987654321@s.whatsapp.net').length).toBeGreaterThanOrEqual(
      2,
    );
    expect(sentFor(res.body.id)).toHaveLength(1);
  });

  it('while not connected a send is retried (ERR_WAPP_NOT_INITIALIZED), and goes out once connected', async () => {
    const t = await ticketOf({ number: '5511987654321' });
    await session.stop();
    const res = await post(t.ticketId!, { body: 'quando voltar' });
    const waiting = await until(
      () => row(res.body.id),
      (m) => m?.lastError === 'ERR_WAPP_NOT_INITIALIZED',
    );
    expect(waiting).toMatchObject({ status: 'pending', lastError: 'ERR_WAPP_NOT_INITIALIZED' });
    await connect();
    expect(await settled(res.body.id, 40_000)).toMatchObject({
      status: 'sent',
      externalId: waMessageIdOf(channel.id, res.body.id),
    });
    expect(sentFor(res.body.id)).toHaveLength(1);
  });
});
