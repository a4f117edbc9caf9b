/**
 * The company settings rejectCalls and callRejectMessage on the Cloud API, against the stand-in:
 * the stand-in rings a call (the `calls` webhook's user-initiated `connect`), Prosa rejects it with
 * POST /{phone-number-id}/calls and sends callRejectMessage through the outbox. Payloads and the
 * reject call: stand-in/webhook-payloads.ts (callConnectPayload) and stand-in/graph-api.ts
 * (callAction), after
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../../platform/db/schema.js';
import type { Company } from '../../test/harness.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { callRejectClientId } from '../shared/call-reject.js';
import { channelEvents, customer, inTenant, until, wabaChannel, type WabaEnv } from '../testing/waba.test-support.js';

const MESSAGE = 'Não atendemos ligações neste número: escreva por aqui!';

/** Runs inside waba.integration.test.ts, on its app and stand-in. */
export function callsSuite(envOf: () => WabaEnv): void {
  let env: WabaEnv;
  beforeAll(() => {
    env = envOf();
  });

  async function settings(c: Company, values: Record<string, string>): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      const res = await env.h.request('PUT', `/settings/${key}`, { token: c.admin.token, body: { value } });
      expect(res.status).toBe(200);
    }
  }
  const sentTo = (to: string) => env.standIn.sent().filter((s) => s.to === to);
  const callOf = (id: string) => env.standIn.voiceCalls().find((c) => c.id === id)!;
  const answers = (c: Company, ch: ChannelRow) =>
    inTenant(env, c, (s) =>
      s.select(messages, and(eq(messages.channelId, ch.id), eq(messages.fromMe, true), isNotNull(messages.clientId))!),
    );
  /** Every webhook payload the channel stored so far is processed (parsed, calls handled). */
  const processed = (c: Company, ch: ChannelRow, n: number) =>
    until(
      () => channelEvents(env, c, ch.id),
      (rows) => rows.length === n && rows.every((r) => r.processedAt && !r.error),
    );

  it('rejectCalls on: the call is rejected and callRejectMessage reaches the caller once, in a ticket opened for them', async () => {
    const a = await env.h.company();
    await settings(a, { rejectCalls: 'enabled', callRejectMessage: MESSAGE });
    const ch = await wabaChannel(env, a);
    const from = customer();
    const rang = await env.standIn.userCalls({ from, name: 'Joana Prado' });
    expect(rang.status).toBe(200);

    const [sent] = await until(
      () => sentTo(from),
      (s) => s.length === 1,
    );
    expect(sent).toMatchObject({ type: 'text', payload: { text: { body: MESSAGE } } });
    expect(callOf(rang.callId)).toMatchObject({
      state: 'rejected',
      actions: [{ messaging_product: 'whatsapp', call_id: rang.callId, action: 'reject' }],
    });
    const [row] = await until(
      () => answers(a, ch),
      (rows) => rows.length === 1 && rows[0]!.status === 'sent',
    );
    expect(row).toMatchObject({ body: MESSAGE, externalId: sent!.id, clientId: callRejectClientId(rang.callId), userId: null });
    const { ticket, contact } = await inTenant(env, a, async (s) => ({
      ticket: await s.first(tickets, eq(tickets.id, row!.ticketId)),
      contact: await s.first(contacts, eq(contacts.number, from)),
    }));
    expect(contact).toMatchObject({ name: 'Joana Prado' });
    expect(ticket).toMatchObject({ channelId: ch.id, contactId: contact!.id, status: 'pending', lastMessage: MESSAGE });

    // Meta delivers the same webhook again: nothing more.
    expect((await env.standIn.userCalls({ from, id: rang.callId })).status).toBe(200);
    await processed(a, ch, 2);
    expect(callOf(rang.callId).actions).toHaveLength(1);
    expect(await answers(a, ch)).toHaveLength(1);
    expect(sentTo(from)).toHaveLength(1);
  });

  it('rejectCalls off: the call rings as before, even while another company rejects calls', async () => {
    const on = await env.h.company();
    await settings(on, { rejectCalls: 'enabled', callRejectMessage: MESSAGE });
    const off = await env.h.company();
    await settings(off, { callRejectMessage: MESSAGE });
    const ch = await wabaChannel(env, off);
    const from = customer();
    const rang = await env.standIn.userCalls({ from });
    await processed(off, ch, 1);
    expect(callOf(rang.callId)).toMatchObject({ state: 'ringing', actions: [] });
    expect(sentTo(from)).toEqual([]);
    expect(await answers(off, ch)).toEqual([]);
    expect(await inTenant(env, off, (s) => s.select(tickets, eq(tickets.channelId, ch.id)))).toEqual([]);
  });

  it('a call the stand-in cannot reject any more is still answered with the message', async () => {
    const a = await env.h.company();
    await settings(a, { rejectCalls: 'enabled', callRejectMessage: MESSAGE });
    const ch = await wabaChannel(env, a);
    const from = customer();
    // Graph refuses the reject for good (#100: the caller hung up first).
    env.standIn.failNext(1, 400, 100, '/calls');
    const rang = await env.standIn.userCalls({ from });
    await until(
      () => sentTo(from),
      (s) => s.length === 1,
    );
    expect(callOf(rang.callId).state).toBe('ringing');
    await processed(a, ch, 1);
    expect(await answers(a, ch)).toHaveLength(1);
  });
}
