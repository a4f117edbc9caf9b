import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { channels, messages, tickets, whatsappTemplates } from '../../platform/db/schema.js';
import { ingestInbound } from '../../modules/messages/commands/ingest-inbound.js';
import type { Company, Session } from '../../test/harness.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import type { StandInTemplate } from './stand-in/stand-in.js';
import { arrived, customer, inTenant, until, wabaChannel, type WabaEnv } from '../testing/waba.test-support.js';

/** Runs inside waba.integration.test.ts, on its app and stand-in. */
export function templatesSuite(envOf: () => WabaEnv): void {
  let env: WabaEnv;
  let a: Company;
  let b: Company;
  let ch: ChannelRow;
  let chB: ChannelRow;
  let agent: Session;
  let outsider: Session;

  const tpl = (i: number, over: Partial<StandInTemplate> = {}): StandInTemplate => ({
    id: `90000000000000${i}`,
    name: `modelo_${i}`,
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: `Olá {{1}}, modelo ${i}.` }],
    ...over,
  });
  const TEMPLATES = [
    tpl(1),
    tpl(2, {
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
        { type: 'BODY', text: 'Olá {{1}}, seu pedido chega {{2}}.' },
        { type: 'FOOTER', text: 'Loja Prosa' },
      ],
    }),
    tpl(3, { language: 'en_US' }),
    tpl(4, { status: 'PENDING' }),
    tpl(5, { status: 'REJECTED' }),
  ];

  beforeAll(async () => {
    env = envOf();
    a = await env.h.company();
    b = await env.h.company();
    ch = await wabaChannel(env, a);
    chB = await wabaChannel(env, b, { connect: false, token: `another-company-${Date.now()}-${Math.random()}` });
    agent = await env.h.user(a, 'user', { queueIds: [ch.defaultQueueId!] });
    outsider = await env.h.user(a, 'user');
    env.standIn.setTemplates(TEMPLATES);
  });

  const sync = (token = a.admin.token, id = ch.id) =>
    env.h.request('POST', `/channels/${id}/templates/sync`, { token });
  const list = (token: string, query = '', id = ch.id) =>
    env.h.request('GET', `/channels/${id}/templates${query}`, { token });
  const templateId = async (name: string, language = 'pt_BR') =>
    (await inTenant(env, a, (s) => s.select(whatsappTemplates, eq(whatsappTemplates.channelId, ch.id)))).find(
      (t) => t.name === name && t.language === language,
    )!.id;

  /** A conversation whose customer last wrote 25 hours ago: the window is closed. */
  async function lateConversation() {
    const from = customer();
    const sent = await env.standIn.userSends({ from, name: 'Ana', text: 'Oi' });
    const msg = (await arrived(env, a, ch.id, sent.wamid))!;
    await inTenant(env, a, (s) =>
      s.update(
        tickets,
        { status: 'open', userId: agent.userId, lastInboundAt: new Date(Date.now() - 25 * 3_600_000) },
        eq(tickets.id, msg.ticketId),
      ),
    );
    return { from, ticketId: msg.ticketId };
  }

  describe('template sync', () => {
    it('fetches every page of /message_templates and stores them; agents see the approved ones', async () => {
      const pages = () => env.standIn.calls().filter((c) => c.path.endsWith('/message_templates')).length;
      const before = pages();
      const res = await sync();
      expect(res).toMatchObject({ status: 200, body: { synced: 5, removed: 0 } });
      // 5 templates, at most 2 a page: three pages, following paging.next.
      expect(pages() - before).toBe(3);
      const approved = await list(agent.token);
      expect(approved.status).toBe(200);
      expect(approved.body.map((t: { name: string; language: string }) => `${t.name}/${t.language}`)).toEqual([
        'modelo_1/pt_BR',
        'modelo_2/pt_BR',
        'modelo_3/en_US',
      ]);
      expect(approved.body[1]).toMatchObject({
        status: 'APPROVED',
        category: 'UTILITY',
        parameterCount: 3,
        sendable: true,
        text: 'Pedido {{1}}\n\nOlá {{1}}, seu pedido chega {{2}}.\n\nLoja Prosa',
      });
      expect((await list(agent.token, '?all')).body).toHaveLength(5);
    });

    it('a second sync updates statuses and removes templates Meta no longer lists', async () => {
      await sync();
      env.standIn.setTemplates([...TEMPLATES.slice(0, 3), tpl(4, { status: 'APPROVED' })]);
      expect((await sync()).body).toEqual({ synced: 4, removed: 1 });
      const rows = await inTenant(env, a, (s) => s.select(whatsappTemplates, eq(whatsappTemplates.channelId, ch.id)));
      expect(rows.map((r) => `${r.name}:${r.status}`).sort()).toEqual([
        'modelo_1:APPROVED',
        'modelo_2:APPROVED',
        'modelo_3:APPROVED',
        'modelo_4:APPROVED',
      ]);
      env.standIn.setTemplates(TEMPLATES);
      await sync();
    });

    it('only admins sync; a revoked token answers ERR_CHANNEL_TOKEN_INVALID', async () => {
      expect(await sync(agent.token)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect((await env.h.request('POST', `/channels/${ch.id}/templates/sync`)).status).toBe(401);
      // Only the templates call fails: a send job of another test may hit the stand-in meanwhile.
      env.standIn.failNext(1, 401, 190, 'message_templates');
      expect(await sync()).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_TOKEN_INVALID' } });
    });

    it('another tenant gets 404 on the template routes and changes nothing', async () => {
      const before = await inTenant(env, a, (s) => s.count(whatsappTemplates));
      expect(await list(b.admin.token)).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
      expect(await sync(b.admin.token)).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
      expect(await list(a.admin.token, '', chB.id)).toMatchObject({ status: 404 });
      expect(await inTenant(env, a, (s) => s.count(whatsappTemplates))).toBe(before);
      const webchat = await inTenant(env, a, (s) =>
        s.insert(channels, { name: 'Site', type: 'webchat', status: 'CONNECTED' }),
      );
      expect(await list(a.admin.token, '', webchat.id)).toMatchObject({
        status: 400,
        body: { error: 'ERR_CHANNEL_NOT_SUPPORTED' },
      });
    });
  });

  describe('template send', () => {
    it('is allowed with the window closed: recorded with the rendered text and sent as a template', async () => {
      await sync();
      const { from, ticketId } = await lateConversation();
      expect(
        (await env.h.request('POST', `/messages/${ticketId}`, { token: agent.token, body: { body: 'Oi' } })).body,
      ).toEqual({
        error: 'ERR_WINDOW_CLOSED',
      });
      const res = await env.h.request('POST', `/messages/template/${ticketId}`, {
        token: agent.token,
        body: { templateId: await templateId('modelo_2'), parameters: ['4512', 'Ana', 'amanhã'] },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        fromMe: true,
        status: 'pending',
        body: 'Pedido 4512\n\nOlá Ana, seu pedido chega amanhã.\n\nLoja Prosa',
      });
      const sent = await until(
        () => inTenant(env, a, (s) => s.first(messages, eq(messages.id, res.body.id))),
        (m) => m?.status === 'sent',
      );
      const [got] = env.standIn.sent().filter((s) => s.to === from);
      expect(got).toMatchObject({ id: sent!.externalId, type: 'template' });
      expect(got!.payload.template).toEqual({
        name: 'modelo_2',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: '4512' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: 'amanhã' },
            ],
          },
        ],
      });
      const ticket = await inTenant(env, a, (s) => s.first(tickets, eq(tickets.id, ticketId)));
      expect(ticket!.lastMessage).toContain('Pedido 4512');
    });

    it('refuses unknown, unapproved and mis-filled templates, changing nothing', async () => {
      const { ticketId } = await lateConversation();
      const send = (body: unknown, token = agent.token) =>
        env.h.request('POST', `/messages/template/${ticketId}`, { token, body });
      const count = () => inTenant(env, a, (s) => s.count(messages, eq(messages.ticketId, ticketId)));
      const before = await count();
      expect(await send({ templateId: 999999, parameters: [] })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_TEMPLATE_FOUND' },
      });
      expect(await send({ templateId: await templateId('modelo_4'), parameters: ['x'] })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_TEMPLATE_FOUND' },
      });
      const one = await templateId('modelo_1');
      expect(await send({ templateId: one, parameters: [] })).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: { parameters: 'validation.invalidValue' } },
      });
      expect(await send({ templateId: one, parameters: ['linha\nquebrada'] })).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION' },
      });
      expect(await send({ parameters: ['x'] })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      // An agent outside the ticket's queue does not see it.
      expect(await send({ templateId: one, parameters: ['x'] }, outsider.token)).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_TICKET_FOUND' },
      });
      // Another company: its admin does not see the ticket.
      expect(await send({ templateId: one, parameters: ['x'] }, b.admin.token)).toMatchObject({ status: 404 });
      expect(await count()).toBe(before);
    });

    it("another company's ticket cannot use this channel's templates", async () => {
      const from = customer();
      // A ticket of company b on its own channel, with company a's template id.
      const ticket = await inTenant(env, b, async (s) => {
        const r = await ingestInbound(s, chB, {
          kind: 'message',
          externalId: `wamid.b-${from}`,
          from: { number: from },
          body: 'Oi',
        });
        await s.update(tickets, { status: 'open', userId: b.admin.userId }, eq(tickets.id, r.ticketId!));
        return r.ticketId!;
      });
      const res = await env.h.request('POST', `/messages/template/${ticket}`, {
        token: b.admin.token,
        body: { templateId: await templateId('modelo_1'), parameters: ['x'] },
      });
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
    });
  });
}
