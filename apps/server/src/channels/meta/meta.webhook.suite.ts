import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { messages, tickets } from '../../platform/db/schema.js';
import { storageOf } from '../../platform/storage/storage.js';
import type { Company } from '../../test/harness.js';
import type { MetaChannelType } from './meta.config.js';
import {
  arrived,
  channelEvents,
  contactOf,
  inTenant,
  metaChannel,
  PNG,
  settledInbound,
  useChannel,
  VERIFY_TOKEN,
  type MetaChannel,
  type MetaEnv,
} from '../testing/meta.test-support.js';

/** Runs inside meta.integration.test.ts, on its app and stand-in, once per channel type. */
export function webhookSuite(envOf: () => MetaEnv, type: MetaChannelType): void {
  let env: MetaEnv;
  let a: Company;
  let mc: MetaChannel;

  beforeAll(async () => {
    env = envOf();
    a = await env.h.company();
    mc = await metaChannel(env, a, type);
  });
  const use = () => useChannel(env, mc);
  const says = (text: string, over: { from?: string; name?: string } = {}) => env.standIn.userSends({ object: mc.object, pageId: mc.page.id, text, ...over });

  it("answers Meta's challenge as plain text for the channel's verify token only", async () => {
    use();
    expect(await env.standIn.verifyWebhook(mc.object, VERIFY_TOKEN, '1158201444')).toEqual({ status: 200, body: '1158201444' });
    expect((await env.standIn.verifyWebhook(mc.object, 'wrong-token', '1158201444')).status).toBe(403);
    const url = (key: string, mode = 'subscribe') => `/webhooks/${type}/${key}?hub.mode=${mode}&hub.challenge=42&hub.verify_token=${VERIFY_TOKEN}`;
    const ok = await env.h.request('GET', url(mc.channel.webhookKey));
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect((await env.h.request('GET', url(mc.channel.webhookKey, 'unsubscribe'))).status).toBe(403);
    expect((await env.h.request('GET', url('no-such-key-000'))).status).toBe(403);
    // The other Meta type's path does not know this channel.
    const other = type === 'messenger' ? 'instagram' : 'messenger';
    expect((await env.h.request('GET', url(mc.channel.webhookKey).replace(`/${type}/`, `/${other}/`))).status).toBe(403);
  });

  it("a person's message becomes one ticket and one message, the contact keyed by the page-scoped id and named by the profile", async () => {
    use();
    const sent = await says('Olá, vocês entregam hoje?', { name: 'Joana Prado' });
    expect(sent.status).toBe(200);
    const msg = (await arrived(env, a, mc.channel.id, sent.mid))!;
    expect(msg).toMatchObject({ body: 'Olá, vocês entregam hoje?', fromMe: false, status: 'received', mediaType: 'chat' });
    const contact = await contactOf(env, a, mc.channel.id, sent.from);
    expect(contact).toMatchObject({ id: msg.contactId, name: 'Joana Prado', number: '' });
    const ticketRows = await inTenant(env, a, (s) => s.select(tickets, eq(tickets.contactId, contact!.id)));
    expect(ticketRows).toHaveLength(1);
    expect(ticketRows[0]).toMatchObject({ channelId: mc.channel.id, status: 'pending', queueId: mc.channel.defaultQueueId });
    // The same person again: same ticket, and the profile is not asked twice.
    const lookups = () => env.standIn.calls().filter((c) => c.method === 'GET' && c.path === `/${sent.from}`).length;
    expect(lookups()).toBe(1);
    const again = await says('Alguém aí?', { from: sent.from });
    expect((await arrived(env, a, mc.channel.id, again.mid))!.ticketId).toBe(msg.ticketId);
    expect(lookups()).toBe(1);
  });

  it('an image arrives with the bytes the person sent, fetched from the CDN link without a token', async () => {
    use();
    const sent = await env.standIn.userSends({ object: mc.object, pageId: mc.page.id, image: { data: PNG, mimeType: 'image/png', fileName: 'foto.png' } });
    const msg = (await arrived(env, a, mc.channel.id, sent.mid))!;
    expect(msg).toMatchObject({ mediaType: 'image', mimeType: 'image/png', mediaSize: PNG.length, mediaName: 'foto.png' });
    expect((await readFile(storageOf(env.h.app.platform.db).localPath(msg.mediaKey!))).equals(PNG)).toBe(true);
  });

  it('a failed profile look-up does not lose the message', async () => {
    use();
    env.standIn.failNext(1, 500);
    const sent = await says('Sem nome?');
    const msg = (await arrived(env, a, mc.channel.id, sent.mid))!;
    expect(msg.body).toBe('Sem nome?');
    expect((await contactOf(env, a, mc.channel.id, sent.from))?.id).toBe(msg.contactId);
  });

  it('a bad or missing signature is refused with 401 and stores nothing', async () => {
    use();
    const before = (await channelEvents(env, a, mc.channel.id)).length;
    const payload = { object: mc.object, entry: [{ id: type === 'messenger' ? mc.page.id : mc.page.ig!.id, time: Date.now(), messaging: [] }] };
    const forged = await env.standIn.postWebhook(mc.object, payload, `sha256=${'0'.repeat(64)}`);
    expect(forged).toEqual({ status: 401, body: JSON.stringify({ error: 'ERR_WEBHOOK_SIGNATURE' }) });
    const missing = await env.h.request('POST', `/webhooks/${type}/${mc.channel.webhookKey}`, { body: payload });
    expect(missing).toMatchObject({ status: 401, body: { error: 'ERR_WEBHOOK_SIGNATURE' } });
    expect((await env.h.request('POST', `/webhooks/${type}/no-such-key-000`, { body: payload, headers: { 'x-hub-signature-256': 'sha256=00' } })).status).toBe(401);
    expect((await channelEvents(env, a, mc.channel.id)).length).toBe(before);
  });

  it('the same webhook delivered twice stores one message', async () => {
    use();
    const sent = await says('duplicado?');
    expect((await env.standIn.postWebhook(mc.object, sent.payload)).status).toBe(200);
    await arrived(env, a, mc.channel.id, sent.mid);
    await settledInbound(env, a, mc.channel.id);
    expect(await inTenant(env, a, (s) => s.select(messages, eq(messages.externalId, sent.mid)))).toHaveLength(1);
  });

  it("entries of a page no channel of the company has are dropped, not stored", async () => {
    use();
    const before = (await channelEvents(env, a, mc.channel.id)).length;
    const stranger = env.standIn.addPage('Outra Loja');
    const res = await env.standIn.userSends({ object: mc.object, pageId: stranger.id, text: 'x' });
    expect(res.status).toBe(200);
    expect((await channelEvents(env, a, mc.channel.id)).length).toBe(before);
  });

  it('a message the page sent from elsewhere is stored as ours in the ticket', async () => {
    use();
    const first = await says('Oi');
    const inbound = (await arrived(env, a, mc.channel.id, first.mid))!;
    const echo = await env.standIn.pageSends({ object: mc.object, pageId: mc.page.id, to: first.from, text: 'Respondido pelo app' });
    expect(await arrived(env, a, mc.channel.id, echo.mid)).toMatchObject({ fromMe: true, status: 'sent', ticketId: inbound.ticketId, body: 'Respondido pelo app' });
  });

  it('a comment becomes a marked message of the commenter, keyed by the comment id', async () => {
    use();
    const c = await env.standIn.comment({ object: mc.object, pageId: mc.page.id, text: 'Tem no azul?', name: 'Rita Alves' });
    const msg = (await arrived(env, a, mc.channel.id, c.commentId))!;
    expect(msg).toMatchObject({ body: '[comentário] Tem no azul?', mediaType: 'comment', fromMe: false });
    expect((await contactOf(env, a, mc.channel.id, c.from))?.id).toBe(msg.contactId);
  });
}
