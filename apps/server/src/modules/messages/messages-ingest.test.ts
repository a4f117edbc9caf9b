import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { setEmitter } from '../../platform/realtime/publish.js';
import type { InboundEvent } from '../channels/channel-adapter.js';
import { ingestInbound } from './commands/ingest-inbound.js';
import { inbound, makeChannel, messageRow, newId, phone, ticketMessages, ticketRow } from './messages.test-support.js';

let h: Harness;
let a: Company;
beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
});
afterAll(() => h.close());

const countWhere = <R>(c: Company, fn: (s: TenantScope) => Promise<R>) => withTenant(h.app.platform.db, c.tenantId, fn);

describe(`inbound path (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('stores a provider message once: the same externalId twice is one message, counters bumped once', async () => {
    const channel = await makeChannel(h, a);
    const from = { number: phone(), name: 'Ana' };
    const externalId = newId();
    const first = await inbound(h, a, channel, { externalId, from, body: 'oi' });
    const second = await inbound(h, a, channel, { externalId, from, body: 'oi' });
    expect(first).toMatchObject({ duplicate: false });
    expect(second).toEqual({ messageId: first.messageId, ticketId: first.ticketId, duplicate: true });
    expect(await ticketMessages(h, a, first.ticketId!)).toHaveLength(1);
    expect(await ticketRow(h, a, first.ticketId!)).toMatchObject({
      unreadMessages: 1,
      lastMessage: 'oi',
      status: 'pending',
    });
    // The duplicate of a message that created the contact and ticket created neither again.
    const n = await countWhere(a, (s) => s.count(contacts, eq(contacts.number, from.number)));
    expect(n).toBe(1);
  });

  it('20 concurrent messages of a new contact make one contact, one ticket and 20 messages', async () => {
    const channel = await makeChannel(h, a);
    const from = { number: phone(), name: 'Bruno' };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => inbound(h, a, channel, { from, body: `m${i}` })),
    );
    expect(results.every((r) => !r.duplicate && r.messageId)).toBe(true);
    expect(new Set(results.map((r) => r.ticketId)).size).toBe(1);
    const [contactCount, ticketCount] = await countWhere(a, async (s) => {
      const [c] = await s.select(contacts, eq(contacts.number, from.number));
      return [
        await s.count(contacts, eq(contacts.number, from.number)),
        await s.count(tickets, eq(tickets.contactId, c!.id)),
      ];
    });
    expect(contactCount).toBe(1);
    expect(ticketCount).toBe(1);
    expect(await ticketMessages(h, a, results[0]!.ticketId!)).toHaveLength(20);
    expect(await ticketRow(h, a, results[0]!.ticketId!)).toMatchObject({ unreadMessages: 20 });
  });

  it('60 new contacts at once (more than the connection pool) each get a ticket with its own protocol', async () => {
    const channel = await makeChannel(h, a);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => inbound(h, a, channel, { from: { number: phone() }, body: `novo ${i}` })),
    );
    expect(results.every((r) => !r.duplicate && r.ticketId)).toBe(true);
    const protocols = await Promise.all(results.map(async (r) => (await ticketRow(h, a, r.ticketId!))!.protocol));
    expect(new Set(protocols).size).toBe(60);
    expect(protocols.every((p) => /^\d{14}$/.test(p))).toBe(true);
  });

  it('a closed ticket is not reopened: the next message makes a new ticket with a new protocol', async () => {
    const channel = await makeChannel(h, a);
    const from = { number: phone() };
    const first = await inbound(h, a, channel, { from });
    await countWhere(a, (s) =>
      s.update(tickets, { status: 'closed', closedAt: new Date() }, eq(tickets.id, first.ticketId!)),
    );
    const next = await inbound(h, a, channel, { from, body: 'voltei' });
    expect(next.ticketId).not.toBe(first.ticketId);
    const [old, fresh] = [await ticketRow(h, a, first.ticketId!), await ticketRow(h, a, next.ticketId!)];
    expect(old).toMatchObject({ status: 'closed' });
    expect(fresh).toMatchObject({ status: 'pending', unreadMessages: 1, lastMessage: 'voltei' });
    expect(fresh!.protocol).not.toBe(old!.protocol);
    expect(fresh!.protocol).toMatch(/^\d{14}$/);
  });

  it("applies the channel's default queue and user (open), and logs the creation", async () => {
    const q = (
      await h.request('POST', '/queue', {
        token: a.admin.token,
        body: { name: `Fila ${newId().slice(0, 5)}`, color: '#123456', active: true },
      })
    ).body;
    const channel = await makeChannel(h, a, { defaultQueueId: q.id, defaultUserId: a.admin.userId });
    const r = await inbound(h, a, channel, { from: { number: phone() } });
    expect(await ticketRow(h, a, r.ticketId!)).toMatchObject({ status: 'open', queueId: q.id, userId: a.admin.userId });
    const logs = await h.request('GET', `/tickets/${r.ticketId}/logs`, { token: a.admin.token });
    expect(logs.status).toBe(200);
    expect(JSON.stringify(logs.body)).toContain('"create"');
  });

  it('a stored message delivered again after its ticket was closed opens no new ticket', async () => {
    const channel = await makeChannel(h, a);
    const from = { number: phone() };
    const externalId = newId();
    const first = await inbound(h, a, channel, { externalId, from, body: 'primeira' });
    await countWhere(a, (s) =>
      s.update(tickets, { status: 'closed', closedAt: new Date() }, eq(tickets.id, first.ticketId!)),
    );
    const again = await inbound(h, a, channel, { externalId, from, body: 'primeira' });
    expect(again).toEqual({ messageId: first.messageId, ticketId: first.ticketId, duplicate: true });
    const [contact] = await countWhere(a, (s) => s.select(contacts, eq(contacts.number, from.number)));
    expect(await countWhere(a, (s) => s.count(tickets, eq(tickets.contactId, contact!.id)))).toBe(1);
  });

  // Two connections are needed: the other writer holds its transaction open while ours runs.
  it.skipIf(!process.env.DATABASE_URL)(
    "a new contact's message whose provider id another transaction commits meanwhile leaves no contact or ticket",
    async () => {
      const channel = await makeChannel(h, a);
      const other = await inbound(h, a, channel, { from: { number: phone() } });
      const externalId = newId();
      const number = phone();
      const client = new pg.Client({ connectionString: h.app.platform.config.databaseUrl });
      await client.connect();
      try {
        await client.query('begin');
        const ins = await client.query<{ id: number }>(
          `insert into messages (tenant_id, ticket_id, contact_id, channel_id, from_me, body, external_id, status)
           select tenant_id, id, contact_id, channel_id, false, 'outra', $1, 'received' from tickets where id = $2 returning id`,
          [externalId, other.ticketId],
        );
        // Our message reads before that commit (so it looks new), then meets its unique key.
        const ours = inbound(h, a, channel, { externalId, from: { number }, body: 'nova' });
        await new Promise((r) => setTimeout(r, 300));
        await client.query('commit');
        expect(await ours).toEqual({ messageId: Number(ins.rows[0]!.id), ticketId: other.ticketId, duplicate: true });
      } finally {
        await client.end();
      }
      expect(await countWhere(a, (s) => s.count(contacts, eq(contacts.number, number)))).toBe(0);
    },
  );

  it('a web chat visitor is known by its visitor id', async () => {
    const channel = await makeChannel(h, a, { type: 'webchat' });
    const visitor = newId();
    const r1 = await inbound(h, a, channel, { from: { providerId: visitor, name: 'Visitante' } });
    const r2 = await inbound(h, a, channel, { from: { providerId: visitor } });
    expect(r2.ticketId).toBe(r1.ticketId);
    const rows = await countWhere(a, (s) => s.select(contacts, eq(contacts.webchatId, visitor)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ number: '', name: 'Visitante' });
  });

  it('status events move a message forward only, and quoted replies are linked', async () => {
    const channel = await makeChannel(h, a);
    const from = { number: phone() };
    const original = await inbound(h, a, channel, { from, externalId: 'orig-1', body: 'pergunta' });
    const reply = await inbound(h, a, channel, { from, quotedExternalId: 'orig-1', body: 'complemento' });
    expect((await messageRow(h, a, reply.messageId!))!.quotedMsgId).toBe(original.messageId);
    // An outbound message the provider knows by an id.
    const out = await countWhere(a, (s) =>
      s.insert(messages, {
        ticketId: original.ticketId!,
        channelId: channel.id,
        fromMe: true,
        body: 'resposta',
        status: 'sent',
        externalId: 'out-1',
      }),
    );
    await withTenant(h.app.platform.db, a.tenantId, async (s) => {
      const { ingestInbound } = await import('./commands/ingest-inbound.js');
      expect((await ingestInbound(s, channel, { kind: 'status', externalId: 'out-1', status: 'read' })).messageId).toBe(
        out.id,
      );
      // A late "delivered" does not move it back.
      expect(
        (await ingestInbound(s, channel, { kind: 'status', externalId: 'out-1', status: 'delivered' })).messageId,
      ).toBeNull();
    });
    expect(await messageRow(h, a, out.id)).toMatchObject({ status: 'read' });
  });

  it('stores inbound media under DATA_DIR and leaves no file behind for a duplicate', async () => {
    const channel = await makeChannel(h, a);
    const from = { number: phone() };
    const externalId = newId();
    const media = { data: Buffer.from('%PDF-1.4 fake'), mimeType: 'application/pdf', fileName: 'nota.pdf' };
    const r = await inbound(h, a, channel, { from, externalId, body: '', mediaType: 'document', media });
    const row = await messageRow(h, a, r.messageId!);
    expect(row).toMatchObject({ mediaName: 'nota.pdf', mimeType: 'application/pdf', mediaSize: media.data.length });
    expect(row!.mediaKey).toMatch(new RegExp(`^${a.tenantId}/`));
    expect((await ticketRow(h, a, r.ticketId!))!.lastMessage).toBe('[nota.pdf]');
    const files = () =>
      readdirSync(path.join(h.config.dataDir, 'media'), { recursive: true }).filter((f) => String(f).includes('.'));
    const before = files().length;
    const dup = await inbound(h, a, channel, { from, externalId, body: '', media });
    expect(dup.duplicate).toBe(true);
    expect(files().length).toBe(before);
  });
});

describe(`inbound reactions, edits and deletions (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const published: { event: string; payload: { action?: string; message?: { id: number } } }[] = [];
  beforeAll(() =>
    setEmitter(
      h.app.platform.db,
      (_tenantId, _room, event, payload) => void published.push({ event, payload } as never),
    ),
  );
  const updatesOf = (messageId: number) =>
    published.filter(
      (p) => p.event === 'message' && p.payload.action === 'update' && p.payload.message?.id === messageId,
    ).length;
  const settle = () => new Promise((r) => setTimeout(r, 150));
  const apply = (channel: Parameters<typeof ingestInbound>[1], e: InboundEvent) =>
    withTenant(h.app.platform.db, a.tenantId, (s) => ingestInbound(s, channel, e));

  it("a customer's reaction lands on the message its provider id names, once, and can change or be taken back", async () => {
    const channel = await makeChannel(h, a);
    const externalId = newId();
    const r = await inbound(h, a, channel, { externalId, from: { number: phone() } });
    const react = (emoji: string, author = 'cliente-1') =>
      apply(channel, { kind: 'reaction', targetExternalId: externalId, emoji, author, fromMe: false });
    expect(await react('👍')).toEqual({ messageId: r.messageId, ticketId: r.ticketId, duplicate: false });
    expect(await react('👍')).toEqual({ messageId: r.messageId, ticketId: r.ticketId, duplicate: true });
    await settle();
    expect(updatesOf(r.messageId!)).toBe(1);
    await react('❤️');
    await react('😮', 'cliente-2');
    expect((await messageRow(h, a, r.messageId!))!.reactions).toEqual([
      { emoji: '❤️', fromMe: false, author: 'cliente-1' },
      { emoji: '😮', fromMe: false, author: 'cliente-2' },
    ]);
    // Taken back; the company's own phone reacts too, beside an agent's reaction from the desk.
    await react('', 'cliente-1');
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(
        messages,
        {
          reactions: [
            { emoji: '🙏', fromMe: true, userId: a.admin.userId },
            { emoji: '😮', fromMe: false, author: 'cliente-2' },
          ],
        },
        eq(messages.id, r.messageId!),
      ),
    );
    await apply(channel, { kind: 'reaction', targetExternalId: externalId, emoji: '🎉', fromMe: true });
    expect((await messageRow(h, a, r.messageId!))!.reactions).toEqual([
      { emoji: '🙏', fromMe: true, userId: a.admin.userId },
      { emoji: '😮', fromMe: false, author: 'cliente-2' },
      { emoji: '🎉', fromMe: true },
    ]);
    // The desk sees emoji and side, not who in a group.
    const page = await h.request('GET', `/messages/${r.ticketId}`, { token: a.admin.token });
    expect(page.body.messages[0].reactions).toEqual([
      { emoji: '🙏', fromMe: true, userId: a.admin.userId },
      { emoji: '😮', fromMe: false },
      { emoji: '🎉', fromMe: true },
    ]);
  });

  it('an edit changes the text and marks it edited; a deletion keeps the body for audit; both only once', async () => {
    const channel = await makeChannel(h, a);
    const externalId = newId();
    const r = await inbound(h, a, channel, { externalId, from: { number: phone() }, body: 'quero 2 unidades' });
    const edit = { kind: 'edit', targetExternalId: externalId, body: 'quero 3 unidades' } as const;
    expect((await apply(channel, edit)).duplicate).toBe(false);
    expect((await apply(channel, edit)).duplicate).toBe(true);
    expect(await messageRow(h, a, r.messageId!)).toMatchObject({ body: 'quero 3 unidades', isEdited: true });
    const del = { kind: 'delete', targetExternalId: externalId } as const;
    expect((await apply(channel, del)).duplicate).toBe(false);
    expect((await apply(channel, del)).duplicate).toBe(true);
    // An edit arriving after the deletion changes nothing.
    expect((await apply(channel, { ...edit, body: 'depois' })).duplicate).toBe(true);
    expect(await messageRow(h, a, r.messageId!)).toMatchObject({ body: 'quero 3 unidades', isDeleted: true });
    await settle();
    expect(updatesOf(r.messageId!)).toBe(2);
    const page = await h.request('GET', `/messages/${r.ticketId}`, { token: a.admin.token });
    expect(page.body.messages[0]).toMatchObject({ isDeleted: true, body: '', isEdited: true });
  });

  it('a change to a message Prosa does not have (or of another channel) is skipped, changing nothing', async () => {
    const channel = await makeChannel(h, a);
    const other = await makeChannel(h, a);
    const externalId = newId();
    const r = await inbound(h, a, channel, { externalId, from: { number: phone() }, body: 'original' });
    const before = await messageRow(h, a, r.messageId!);
    for (const e of [
      { kind: 'edit', targetExternalId: newId(), body: 'x' },
      { kind: 'delete', targetExternalId: newId() },
      { kind: 'reaction', targetExternalId: newId(), emoji: '👍' },
      { kind: 'delete', targetExternalId: externalId },
    ] as InboundEvent[])
      expect(
        await apply(
          e.kind === 'delete' && 'targetExternalId' in e && e.targetExternalId === externalId ? other : channel,
          e,
        ),
      ).toEqual({
        messageId: null,
        ticketId: null,
        duplicate: false,
      });
    expect(await messageRow(h, a, r.messageId!)).toEqual(before);
  });
});
