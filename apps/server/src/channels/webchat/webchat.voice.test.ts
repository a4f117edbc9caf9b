/**
 * Voice notes in the web chat: a visitor's recording (WebM/Opus from Chromium, OGG/Opus from
 * Firefox) is stored as an OGG/Opus audio message once per clientId; the widget fetches its own
 * conversation's files, nobody else's; an agent's voice note reaches the widget as a file.
 */
import { and, eq } from 'drizzle-orm';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, tickets } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { storageOf } from '../../platform/storage/storage.js';
import { until } from '../../modules/messages/messages.test-support.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { isOggOpus, VOICE_NOTE_OGG, VOICE_NOTE_WEBM } from '../shared/voice-note.fixtures.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { asVoiceNote, VOICE_NOTE_MAX_BYTES } from './voice-note.js';
import { clientId, say, visitor, webchatChannel, type Visitor } from '../testing/webchat.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let chA: ChannelRow;
let chB: ChannelRow;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  chA = await webchatChannel(h, a);
  chB = await webchatChannel(h, b);
});
afterAll(() => h.close());

const inTenant = <R>(c: Company, fn: (scope: TenantScope) => Promise<R>) =>
  withTenant(h.app.platform.db, c.tenantId, fn);
const count = async (c: Company) => (await inTenant(c, (s) => s.select(messages))).length;

function postVoice(key: string, v: Visitor | null, data: Buffer, opts: { id?: string; type?: string } = {}) {
  return h.app.inject({
    method: 'POST',
    url: `/webchat/${key}/voice?clientId=${encodeURIComponent(opts.id ?? clientId())}`,
    headers: {
      'content-type': opts.type ?? 'audio/webm;codecs=opus',
      ...(v ? { authorization: `Bearer ${v.visitorToken}` } : {}),
    },
    payload: data,
  });
}
const getMedia = (key: string, v: Visitor | null, id: number) =>
  h.app.inject({
    method: 'GET',
    url: `/webchat/${key}/media/${id}`,
    headers: v ? { authorization: `Bearer ${v.visitorToken}` } : {},
  });

describe('a recording made a voice note', () => {
  it("Chromium's WebM/Opus is remuxed into OGG/Opus (the same packets); OGG/Opus is kept; other files are refused", async () => {
    const fromWebm = await asVoiceNote(VOICE_NOTE_WEBM);
    expect(fromWebm).toMatchObject({ mimeType: 'audio/ogg; codecs=opus', fileName: 'voice.ogg' });
    expect(isOggOpus(fromWebm.data)).toBe(true);
    // The same 1.5 s of Opus (Ogg stream serial numbers are random, so not the same bytes).
    const input = new Input({ formats: ALL_FORMATS, source: new BufferSource(fromWebm.data) });
    expect((await input.getPrimaryAudioTrack())?.codec).toBe('opus');
    expect(await input.computeDuration()).toBeCloseTo(1.5, 0);
    expect((await asVoiceNote(VOICE_NOTE_OGG)).data).toBe(VOICE_NOTE_OGG);
    for (const bad of [Buffer.from('%PDF-1.4 nota'), Buffer.from('<html><script>x</script>'), Buffer.alloc(0)])
      await expect(asVoiceNote(bad)).rejects.toMatchObject({ code: 'ERR_FILE_TYPE_NOT_ALLOWED' });
  });
});

describe('POST /webchat/:key/voice', () => {
  it('stores the note as an OGG/Opus audio message of the visitor, once per clientId', async () => {
    const v = await visitor(h, chA.token, { name: 'Rita Voz' });
    const id = clientId();
    const res = await postVoice(chA.token, v, VOICE_NOTE_WEBM, { id });
    expect(res.statusCode).toBe(201);
    const posted = res.json<{ id: number; ticketId: number }>();
    const again = await postVoice(chA.token, v, VOICE_NOTE_WEBM, { id });
    expect(again.json()).toEqual(posted);
    // (The company's automatic replies, such as an out-of-hours text, are fromMe.)
    const rows = await inTenant(a, (s) =>
      s.select(messages, and(eq(messages.ticketId, posted.ticketId), eq(messages.fromMe, false))!),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fromMe: false,
      body: '',
      mediaType: 'audio',
      mimeType: 'audio/ogg; codecs=opus',
      mediaName: 'voice.ogg',
    });
    const file = await storageOf(h.app.platform.db).read(rows[0]!.mediaKey!);
    const chunks: Buffer[] = [];
    for await (const c of file.stream) chunks.push(c as Buffer);
    expect(isOggOpus(Buffer.concat(chunks))).toBe(true);
    // The desk sees a ticket of this channel; the widget's history lists the note as a file.
    expect(await inTenant(a, (s) => s.first(tickets, eq(tickets.id, posted.ticketId)))).toMatchObject({
      channelId: chA.id,
    });
    const history = await h.request('GET', `/webchat/${chA.token}/messages`, { token: v.visitorToken });
    expect(history.body.filter((m: { fromMe: boolean }) => !m.fromMe)).toEqual([
      expect.objectContaining({ id: posted.id, mediaType: 'audio', media: true }),
    ]);
  });

  it('401 without a visitor token or with one of another channel; nothing stored', async () => {
    const before = [await count(a), await count(b)];
    expect((await postVoice(chA.token, null, VOICE_NOTE_OGG)).statusCode).toBe(401);
    const vB = await visitor(h, chB.token);
    const cross = await postVoice(chA.token, vB, VOICE_NOTE_OGG);
    expect(cross.statusCode).toBe(401);
    expect(cross.json()).toMatchObject({ error: 'ERR_SESSION_EXPIRED' });
    expect([await count(a), await count(b)]).toEqual(before);
  });

  it('bad input answers its code and stores nothing: no clientId, not audio, too large', async () => {
    const v = await visitor(h, chA.token);
    const before = await count(a);
    const noId = await h.app.inject({
      method: 'POST',
      url: `/webchat/${chA.token}/voice`,
      headers: { 'content-type': 'audio/ogg', authorization: `Bearer ${v.visitorToken}` },
      payload: VOICE_NOTE_OGG,
    });
    expect(noId.statusCode).toBe(400);
    expect(noId.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    const pdf = await postVoice(chA.token, v, Buffer.from('%PDF-1.4 not a voice'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toMatchObject({ error: 'ERR_FILE_TYPE_NOT_ALLOWED' });
    const html = await postVoice(chA.token, v, Buffer.from('<svg onload=alert(1)>'), { type: 'audio/ogg' });
    expect(html.json()).toMatchObject({ error: 'ERR_FILE_TYPE_NOT_ALLOWED' });
    const big = await postVoice(chA.token, v, Buffer.concat([VOICE_NOTE_OGG, Buffer.alloc(VOICE_NOTE_MAX_BYTES)]));
    expect(big.statusCode).toBe(413);
    const json = await h.app.inject({
      method: 'POST',
      url: `/webchat/${chA.token}/voice?clientId=${clientId()}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${v.visitorToken}` },
      payload: '{"text":"oi"}',
    });
    expect(json.json()).toMatchObject({ error: 'ERR_FILE_TYPE_NOT_ALLOWED' });
    expect(await count(a)).toBe(before);
  });
});

describe('GET /webchat/:key/media/:id', () => {
  it("serves the visitor's own files only: another visitor, another tenant's channel and no token get nothing", async () => {
    const v = await visitor(h, chA.token);
    const posted = (await postVoice(chA.token, v, VOICE_NOTE_OGG, { type: 'audio/ogg' })).json<{ id: number }>();
    const own = await getMedia(chA.token, v, posted.id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('audio/ogg; codecs=opus');
    expect(own.rawPayload.equals(VOICE_NOTE_OGG)).toBe(true);

    const other = await visitor(h, chA.token);
    expect((await getMedia(chA.token, other, posted.id)).statusCode).toBe(404);
    const vB = await visitor(h, chB.token);
    const cross = await getMedia(chB.token, vB, posted.id);
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toMatchObject({ error: 'ERR_NOT_FOUND' });
    expect((await getMedia(chA.token, null, posted.id)).statusCode).toBe(401);
    // A text message has no file.
    const text = (await say(h, chA.token, v, 'só texto')).body as { id: number };
    expect((await getMedia(chA.token, v, text.id)).statusCode).toBe(404);
  });

  it("an agent's voice note reaches the widget as a file the visitor can play", async () => {
    const v = await visitor(h, chA.token, { name: 'Caio' });
    const first = (await say(h, chA.token, v, 'Me manda um áudio?')).body as { ticketId: number };
    await inTenant(a, (s) =>
      s.update(tickets, { status: 'open', userId: a.admin.userId }, eq(tickets.id, first.ticketId)),
    );
    const form = new FormData();
    form.set('body', '');
    form.set('clientId', clientId());
    form.append('medias', new Blob([new Uint8Array(VOICE_NOTE_OGG)], { type: 'audio/ogg' }), 'voice.ogg');
    const request = new Request('http://prosa.test/', { method: 'POST', body: form });
    const res = await h.app.inject({
      method: 'POST',
      url: `/messages/${first.ticketId}`,
      headers: { authorization: `Bearer ${a.admin.token}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;
    const row = await until(
      () => inTenant(a, (s) => s.first(messages, eq(messages.id, id))),
      (m) => m?.status !== 'pending',
    );
    expect(row).toMatchObject({ status: 'sent', mediaType: 'audio', mimeType: 'audio/ogg; codecs=opus' });
    const history = await h.request('GET', `/webchat/${chA.token}/messages`, { token: v.visitorToken });
    expect(history.body.at(-1)).toMatchObject({ id, fromMe: true, mediaType: 'audio', media: true });
    const got = await getMedia(chA.token, v, id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(VOICE_NOTE_OGG)).toBe(true);

    // The adapter tells the widget during the send, before the outbox writes "sent": the widget's
    // fetch may arrive while the message is claimed (pending, an attempt made, no error) and gets it.
    const as = (patch: Partial<typeof messages.$inferInsert>) =>
      inTenant(a, (s) => s.update(messages, patch, eq(messages.id, id)));
    await as({ status: 'pending', sendAttempts: 1, lastError: null });
    expect((await getMedia(chA.token, v, id)).statusCode).toBe(200);
    // Still queued (never claimed), a failed attempt waiting for its retry, or failed: nothing.
    await as({ sendAttempts: 0 });
    expect((await getMedia(chA.token, v, id)).statusCode).toBe(404);
    await as({ sendAttempts: 1, lastError: 'ERR_SENDING_WAPP_MSG' });
    expect((await getMedia(chA.token, v, id)).statusCode).toBe(404);
    await as({ status: 'failed' });
    expect((await getMedia(chA.token, v, id)).statusCode).toBe(404);
  });
});
