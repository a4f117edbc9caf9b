import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { messages } from '../../platform/db/schema.js';
import type { Company } from '../../test/harness.js';
import type { MetaChannelType } from './meta.config.js';
import { arrived, inTenant, messageRow, metaChannel, openTicket, until, useChannel, type MetaChannel, type MetaEnv } from '../testing/meta.test-support.js';

/** POST /hub-message/comentary/{id}; runs inside meta.integration.test.ts once per channel type. */
export function commentsSuite(envOf: () => MetaEnv, type: MetaChannelType): void {
  let env: MetaEnv;
  let a: Company;
  let b: Company;
  let mc: MetaChannel;

  beforeAll(async () => {
    env = envOf();
    a = await env.h.company();
    b = await env.h.company();
    mc = await metaChannel(env, a, type);
  });

  async function commented(text = 'Quanto custa?') {
    useChannel(env, mc);
    const c = await env.standIn.comment({ object: mc.object, pageId: mc.page.id, text, name: 'Paula Reis' });
    const comment = (await arrived(env, a, mc.channel.id, c.commentId))!;
    await openTicket(env, a, comment.ticketId);
    return { ...c, comment };
  }
  const answer = (id: number, body: unknown, token = a.admin.token) => env.h.request('POST', `/hub-message/comentary/${id}`, { token, body });
  const ticketMessages = (ticketId: number) => inTenant(env, a, (s) => s.select(messages, eq(messages.ticketId, ticketId)));

  it('answers the comment publicly through the outbox and records the reply in the ticket, quoting the comment', async () => {
    const { comment, commentId } = await commented();
    const res = await answer(comment.id, { text: 'Custa R$ 89,90. Te chamamos no direct!' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fromMe: true, status: 'pending', body: 'Custa R$ 89,90. Te chamamos no direct!', ticketId: comment.ticketId, quotedMsg: { id: comment.id } });
    const sent = (await until(() => messageRow(env, a, res.body.id), (m) => m?.status !== 'pending', 30_000))!;
    expect(sent.status).toBe('sent');
    const replies = env.standIn.sent().filter((s) => s.kind === 'comment_reply' && s.commentId === commentId);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ id: sent.externalId, text: 'Custa R$ 89,90. Te chamamos no direct!' });
    const edge = type === 'instagram' ? 'replies' : 'comments';
    expect(env.standIn.calls().some((c) => c.method === 'POST' && c.path === `/${commentId}/${edge}`)).toBe(true);
    // No DM went to the commenter.
    expect(env.standIn.sent().filter((s) => s.kind === 'message' && s.text?.startsWith('Custa'))).toHaveLength(0);
  });

  it('a message that is not a comment is refused with ERR_CHANNEL_NOT_SUPPORTED, storing nothing', async () => {
    useChannel(env, mc);
    const dm = await env.standIn.userSends({ object: mc.object, pageId: mc.page.id, text: 'Uma mensagem direta' });
    const msg = (await arrived(env, a, mc.channel.id, dm.mid))!;
    await openTicket(env, a, msg.ticketId);
    const before = (await ticketMessages(msg.ticketId)).length;
    expect(await answer(msg.id, { text: 'Oi' })).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_NOT_SUPPORTED' } });
    expect((await ticketMessages(msg.ticketId)).length).toBe(before);
  });

  it("another tenant's comment answers 404 and nothing changes; bad input and no token are refused", async () => {
    const { comment } = await commented('Frete grátis?');
    const before = (await ticketMessages(comment.ticketId)).length;
    expect(await answer(comment.id, { text: 'Oi' }, b.admin.token)).toMatchObject({ status: 404 });
    expect(await answer(999_999_999, { text: 'Oi' })).toMatchObject({ status: 404 });
    expect(await answer(comment.id, { text: '   ' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { text: 'validation.required' } } });
    expect(await answer(comment.id, { text: 'x'.repeat(2201) })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect((await env.h.request('POST', `/hub-message/comentary/${comment.id}`, { body: { text: 'Oi' } })).status).toBe(401);
    // An agent outside the ticket's queue does not see it.
    const agent = await env.h.user(a, 'user', { queueIds: [] });
    expect(await answer(comment.id, { text: 'Oi' }, agent.token)).toMatchObject({ status: 404 });
    expect((await ticketMessages(comment.ticketId)).length).toBe(before);
  });
}
