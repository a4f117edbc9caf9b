import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { and, eq as eqOp } from 'drizzle-orm';
import { messageActions, messages, tickets, users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { sweepActions } from './jobs/sweep-actions.job.js';
import {
  fakeAdapter,
  inbound,
  makeChannel,
  messageRow,
  openConversation,
  sendText,
  ticketMessages,
  until,
} from './messages.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
const tg = fakeAdapter('telegram');
registerChannelAdapter(tg.adapter);
registerChannelAdapter(fakeAdapter('waba', 24).adapter);
/** A provider without reactions, edits or deletions (as Messenger has no edit or delete). */
const plain = fakeAdapter('messenger');
registerChannelAdapter({
  ...plain.adapter,
  capabilities: { media: true, reactions: false, edit: false, delete: false },
  react: undefined,
  edit: undefined,
  delete: undefined,
});

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  const admin = await withTenant(h.app.platform.db, a.tenantId, (s) => s.first(users, eqOp(users.id, a.admin.userId)));
  signed = (text) => `*${admin!.name}*:\n${text}`;
});
afterAll(() => h.close());
/** What the provider gets of the admin's text: signed with the admin's name (userDisableSignature off). */
let signed: (text: string) => string;

const db = () => h.app.platform.db;
const conversation = (c: Company, n = 1, type: 'telegram' | 'waba' = 'telegram') => openConversation(h, c, n, type);
const sendAs = (c: Company, ticketId: number, body: string) => sendText(h, c, ticketId, body);

describe('messages routes: reactions, edits and deletions reach the provider', () => {
  /** An agent's text, sent by the outbox (status sent, with the provider's id). */
  async function sentText(c: Company, ticketId: number, body: string) {
    const { id } = await sendAs(c, ticketId, body);
    return (await until(
      () => messageRow(h, c, id),
      (m) => m?.status === 'sent',
    ))!;
  }
  const actionsOf = (messageId: number) =>
    withTenant(db(), a.tenantId, (s) => s.select(messageActions, eqOp(messageActions.messageId, messageId)));
  const settledActions = (messageId: number, n = 1) =>
    until(
      () => actionsOf(messageId),
      (rows) => rows.length >= n && rows.every((r) => r.status !== 'pending'),
    );
  const took = (messageId: number) => tg.actions.filter((x) => x.target.messageId === messageId);

  it('an edit, a reaction and a deletion are sent to the provider once each, by the provider id', async () => {
    const { ticketId } = await conversation(a);
    const mine = await sentText(a, ticketId, 'com erro');
    const edited = await h.request('POST', `/messages/edit/${mine.id}`, {
      token: a.admin.token,
      body: { body: 'corrigido' },
    });
    expect(edited).toMatchObject({ status: 200, body: { body: 'corrigido', isEdited: true, actionFailed: null } });
    await settledActions(mine.id);
    expect(took(mine.id)).toEqual([
      expect.objectContaining({
        kind: 'edit',
        value: signed('corrigido'),
        target: expect.objectContaining({ externalId: mine.externalId, fromMe: true }),
      }),
    ]);

    const [theirs] = (await ticketMessages(h, a, ticketId)).filter((m) => !m.fromMe);
    const react = (emoji: string) =>
      h.request('POST', `/messages/reactions/${theirs!.id}`, { token: a.admin.token, body: { emoji } });
    expect((await react('👍')).status).toBe(200);
    await until(
      () => Promise.resolve(took(theirs!.id)),
      (x) => x.length === 1,
    );
    expect((await react('👍')).body.reactions).toEqual([]);
    await until(
      () => Promise.resolve(took(theirs!.id)),
      (x) => x.length === 2,
    );
    expect(took(theirs!.id).map((x) => [x.kind, x.value, x.target.externalId, x.target.fromMe])).toEqual([
      ['react', '👍', theirs!.externalId, false],
      ['react', '', theirs!.externalId, false],
    ]);

    expect(await h.request('DELETE', `/messages/${mine.id}`, { token: a.admin.token })).toMatchObject({
      status: 200,
      body: { isDeleted: true },
    });
    await settledActions(mine.id, 2);
    expect(took(mine.id).map((x) => x.kind)).toEqual(['edit', 'delete']);
    expect((await actionsOf(mine.id)).map((r) => [r.kind, r.status])).toEqual([
      ['edit', 'done'],
      ['delete', 'done'],
    ]);
  });

  it('a provider failure is retried without applying the change twice; a refusal for good shows on the message', async () => {
    const { ticketId } = await conversation(a);
    const mine = await sentText(a, ticketId, 'primeira versão');
    await h.request('POST', `/messages/edit/${mine.id}`, { token: a.admin.token, body: { body: 'flaky: segunda' } });
    const [done] = await settledActions(mine.id);
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    expect(tg.actionCalls.filter((x) => x.target.messageId === mine.id)).toHaveLength(2);
    expect(took(mine.id)).toHaveLength(1);

    await h.request('POST', `/messages/edit/${mine.id}`, { token: a.admin.token, body: { body: 'fatal: terceira' } });
    const failed = await until(
      () => messageRow(h, a, mine.id),
      (m) => m?.actionFailed === 'edit',
    );
    expect(failed).toMatchObject({ body: 'fatal: terceira', actionFailed: 'edit' });
    expect((await actionsOf(mine.id)).find((r) => r.status === 'failed')).toMatchObject({
      kind: 'edit',
      lastError: 'message too old to change',
    });
    const page = await h.request('GET', `/messages/${ticketId}`, { token: a.admin.token });
    expect(page.body.messages.find((m: { id: number }) => m.id === mine.id)).toMatchObject({ actionFailed: 'edit' });
    // A later edit that gets through clears the mark.
    await h.request('POST', `/messages/edit/${mine.id}`, { token: a.admin.token, body: { body: 'quarta' } });
    expect(
      await until(
        () => messageRow(h, a, mine.id),
        (m) => m?.actionFailed === null,
      ),
    ).toMatchObject({ body: 'quarta' });
  });

  it('a message not sent yet is edited or deleted in Prosa only: the edit is what goes out, the deletion cancels it', async () => {
    const { ticketId, channel } = await conversation(a);
    const later = new Date(Date.now() + 3_600_000);
    const queued = await withTenant(db(), a.tenantId, (s) =>
      s.insert(messages, {
        ticketId,
        channelId: channel.id,
        fromMe: true,
        body: 'agendada',
        status: 'pending',
        scheduleDate: later,
        userId: a.admin.userId,
      }),
    );
    expect(
      await h.request('POST', `/messages/edit/${queued.id}`, {
        token: a.admin.token,
        body: { body: 'agendada, corrigida' },
      }),
    ).toMatchObject({
      status: 200,
      body: { body: 'agendada, corrigida', status: 'pending' },
    });
    expect(await h.request('DELETE', `/messages/${queued.id}`, { token: a.admin.token })).toMatchObject({
      status: 200,
      body: { isDeleted: true, status: 'failed' },
    });
    expect(await actionsOf(queued.id)).toEqual([]);
    expect(took(queued.id)).toEqual([]);
  });

  it('a message deleted while it was being sent is deleted at the provider right after', async () => {
    const { ticketId } = await conversation(a);
    const original = tg.adapter.send;
    let deleting: Promise<unknown> | undefined;
    tg.adapter.send = async (p, c, m) => {
      if (m.body === signed('apagar no caminho'))
        deleting = h.request('DELETE', `/messages/${m.messageId}`, { token: a.admin.token });
      await deleting;
      return original(p, c, m);
    };
    try {
      const { id } = await sendAs(a, ticketId, 'apagar no caminho');
      await until(
        () => Promise.resolve(took(id)),
        (x) => x.length === 1,
      );
      expect(took(id)).toEqual([expect.objectContaining({ kind: 'delete' })]);
      expect(await messageRow(h, a, id)).toMatchObject({
        isDeleted: true,
        status: 'sent',
        externalId: expect.stringMatching(/^ext-/),
      });
    } finally {
      tg.adapter.send = original;
    }
  });

  it('an action whose job was lost (a crash after the commit) is found by the sweeper and applied once', async () => {
    const { ticketId } = await conversation(a);
    const mine = await sentText(a, ticketId, 'antes do tombo');
    // As if the process died between the commit and the enqueue: the change and its row, no job.
    const lost = await withTenant(db(), a.tenantId, async (s) => {
      await s.update(messages, { body: 'depois do tombo', isEdited: true }, eqOp(messages.id, mine.id));
      return s.insert(messageActions, { messageId: mine.id, kind: 'edit', updatedAt: new Date(Date.now() - 120_000) });
    });
    expect(await sweepActions(h.app.platform)).toBeGreaterThanOrEqual(1);
    const [row] = await settledActions(mine.id);
    expect(row).toMatchObject({ id: lost.id, status: 'done' });
    expect(took(mine.id).map((x) => [x.kind, x.value])).toEqual([['edit', signed('depois do tombo')]]);
    // Swept again: nothing pending, nothing sent twice.
    await sweepActions(h.app.platform);
    await new Promise((r) => setTimeout(r, 1500));
    expect(took(mine.id)).toHaveLength(1);
  });

  it('a channel without them answers ERR_CHANNEL_NOT_SUPPORTED and changes nothing; an unsent message can still be cancelled', async () => {
    const channel = await makeChannel(h, a, { type: 'messenger' });
    const r = await inbound(h, a, channel, { from: { providerId: '998877', name: 'Leo' } });
    await withTenant(db(), a.tenantId, (s) =>
      s.update(tickets, { status: 'open', userId: a.admin.userId }, eqOp(tickets.id, r.ticketId!)),
    );
    const mine = await sentText(a, r.ticketId!, 'no messenger');
    const theirs = (await messageRow(h, a, r.messageId!))!;
    const before = await ticketMessages(h, a, r.ticketId!);
    const refused = { status: 400, body: { error: 'ERR_CHANNEL_NOT_SUPPORTED' } };
    expect(
      await h.request('POST', `/messages/edit/${mine.id}`, { token: a.admin.token, body: { body: 'outra' } }),
    ).toMatchObject(refused);
    expect(await h.request('DELETE', `/messages/${mine.id}`, { token: a.admin.token })).toMatchObject(refused);
    expect(
      await h.request('POST', `/messages/reactions/${theirs.id}`, { token: a.admin.token, body: { emoji: '👍' } }),
    ).toMatchObject(refused);
    expect(await ticketMessages(h, a, r.ticketId!)).toEqual(before);
    expect(
      await withTenant(db(), a.tenantId, (s) => s.select(messageActions, and(eqOp(messageActions.messageId, mine.id)))),
    ).toEqual([]);
    // The ticket tells the desk what is offered there.
    expect((await h.request('GET', `/tickets/${r.ticketId}`, { token: a.admin.token })).body.messageActions).toEqual({
      react: false,
      reactionEmojis: null,
      edit: false,
      delete: false,
    });
    const queued = await withTenant(db(), a.tenantId, (s) =>
      s.insert(messages, {
        ticketId: r.ticketId!,
        channelId: channel.id,
        fromMe: true,
        body: 'depois',
        status: 'pending',
        scheduleDate: new Date(Date.now() + 3_600_000),
        userId: a.admin.userId,
      }),
    );
    expect(await h.request('DELETE', `/messages/${queued.id}`, { token: a.admin.token })).toMatchObject({
      status: 200,
      body: { isDeleted: true },
    });
  });

  it("another tenant's token answers 404 and records nothing for the provider", async () => {
    const { ticketId } = await conversation(a);
    const mine = await sentText(a, ticketId, 'só nossa');
    const [theirs] = (await ticketMessages(h, a, ticketId)).filter((m) => !m.fromMe);
    const t = b.admin.token;
    expect((await h.request('POST', `/messages/edit/${mine.id}`, { token: t, body: { body: 'invasão' } })).status).toBe(
      404,
    );
    expect((await h.request('DELETE', `/messages/${mine.id}`, { token: t })).status).toBe(404);
    expect(
      (await h.request('POST', `/messages/reactions/${theirs!.id}`, { token: t, body: { emoji: '👎' } })).status,
    ).toBe(404);
    expect(await messageRow(h, a, mine.id)).toMatchObject({ body: 'só nossa', isEdited: false, isDeleted: false });
    expect(await messageRow(h, a, theirs!.id)).toMatchObject({ reactions: [] });
    expect([...(await actionsOf(mine.id)), ...(await actionsOf(theirs!.id))]).toEqual([]);
  });

  it('a reaction needs the right to reply, and on a closed 24-hour window is refused like a message', async () => {
    const { ticketId } = await conversation(a);
    const [theirs] = await ticketMessages(h, a, ticketId);
    await withTenant(db(), a.tenantId, (s) => s.update(tickets, { status: 'closed' }, eqOp(tickets.id, ticketId)));
    expect(
      await h.request('POST', `/messages/reactions/${theirs!.id}`, { token: a.admin.token, body: { emoji: '👍' } }),
    ).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await messageRow(h, a, theirs!.id)).toMatchObject({ reactions: [] });
    const w = await conversation(a, 1, 'waba');
    await withTenant(db(), a.tenantId, (s) =>
      s.update(tickets, { lastInboundAt: new Date(Date.now() - 25 * 3_600_000) }, eqOp(tickets.id, w.ticketId)),
    );
    const [old] = await ticketMessages(h, a, w.ticketId);
    expect(
      await h.request('POST', `/messages/reactions/${old!.id}`, { token: a.admin.token, body: { emoji: '👍' } }),
    ).toMatchObject({
      status: 409,
      body: { error: 'ERR_WINDOW_CLOSED' },
    });
    expect(await messageRow(h, a, old!.id)).toMatchObject({ reactions: [] });
  });
});
