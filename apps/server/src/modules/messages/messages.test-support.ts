/** Factories for the messages tests: channels, inbound messages through the shared path, waits. */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type {
  ChannelAdapter,
  ChannelRow,
  InboundEvent,
  MessageActionTarget,
  OutboundMessage,
} from '../channels/channel-adapter.js';
import { ChannelSendError } from '../channels/channel-adapter.js';
import { channels, messages, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Company, Harness } from '../../test/harness.js';
import { ingestInbound } from './commands/ingest-inbound.js';

export async function makeChannel(
  h: Harness,
  c: Company,
  over: Partial<typeof channels.$inferInsert> = {},
): Promise<ChannelRow> {
  return withTenant(h.app.platform.db, c.tenantId, (s) =>
    s.insert(channels, { name: `Canal ${randomUUID().slice(0, 6)}`, type: 'telegram', status: 'CONNECTED', ...over }),
  );
}

export const newId = () => randomUUID();
export const phone = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

export function inbound(
  h: Harness,
  c: Company,
  channel: ChannelRow,
  over: Partial<Extract<InboundEvent, { kind: 'message' }>> = {},
) {
  const event: InboundEvent = {
    kind: 'message',
    externalId: newId(),
    from: { number: '5511999990001', name: 'Cliente' },
    body: 'Olá',
    ...over,
  };
  return withTenant(h.app.platform.db, c.tenantId, (s) => ingestInbound(s, channel, event));
}

export const ticketRow = (h: Harness, c: Company, id: number) =>
  withTenant(h.app.platform.db, c.tenantId, (s) => s.first(tickets, eq(tickets.id, id)));
export const messageRow = (h: Harness, c: Company, id: number) =>
  withTenant(h.app.platform.db, c.tenantId, (s) => s.first(messages, eq(messages.id, id)));
export const ticketMessages = (h: Harness, c: Company, ticketId: number) =>
  // In the order they were stored: without an order PostgreSQL answers in heap order, which an
  // update (the send job marking a row sent) may change.
  withTenant(h.app.platform.db, c.tenantId, (s) => s.select(messages, eq(messages.ticketId, ticketId)).orderBy(asc(messages.id)));

export async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A reaction, edit or deletion a fake adapter was asked for (`value`: the emoji or the new text). */
export interface FakeAction {
  kind: 'react' | 'edit' | 'delete';
  target: MessageActionTarget;
  value?: string;
}

/**
 * A provider stand-in for outbound tests: records every call. A body containing "flaky" fails
 * once with a retryable error, "fatal" fails without retry until `healed` is set; the same for a
 * reaction or an edit with that word (`actionCalls` has every try, `actions` what took effect).
 */
export function fakeAdapter(type: ChannelAdapter['type'] = 'telegram', windowHours?: number) {
  const calls: OutboundMessage[] = [];
  const sent: OutboundMessage[] = [];
  const actionCalls: FakeAction[] = [];
  const actions: FakeAction[] = [];
  // `slow` in a body: the provider takes 150 ms to answer; `inFlight` / `mostInFlight` count the
  // sends it is answering at once.
  const state = { healed: false, flakyFailed: new Set<number>(), flakyActions: new Set<string>(), inFlight: 0, mostInFlight: 0 };
  const act = async (a: FakeAction) => {
    actionCalls.push(a);
    const value = a.value ?? '';
    if (value.includes('flaky') && !state.flakyActions.has(a.target.requestKey)) {
      state.flakyActions.add(a.target.requestKey);
      throw new ChannelSendError('provider answered 503', true);
    }
    if (value.includes('fatal') && !state.healed) throw new ChannelSendError('message too old to change', false);
    actions.push(a);
  };
  const adapter: ChannelAdapter = {
    type,
    capabilities: { media: true, reactions: true, edit: true, delete: true, ...(windowHours ? { windowHours } : {}) },
    react: (_p, _c, target, emoji) => act({ kind: 'react', target, value: emoji }),
    edit: (_p, _c, target, body) => act({ kind: 'edit', target, value: body }),
    delete: (_p, _c, target) => act({ kind: 'delete', target }),
    async send(_platform, _channel, message) {
      calls.push(message);
      if (message.body.includes('slow')) {
        state.mostInFlight = Math.max(state.mostInFlight, ++state.inFlight);
        await new Promise((r) => setTimeout(r, 150));
        state.inFlight--;
      }
      if (message.body.includes('flaky') && !state.flakyFailed.has(message.messageId)) {
        state.flakyFailed.add(message.messageId);
        throw new ChannelSendError('provider answered 503', true);
      }
      if (message.body.includes('fatal') && !state.healed) throw new ChannelSendError('invalid recipient', false);
      sent.push(message);
      return { externalId: `ext-${message.messageId}-${calls.length}` };
    },
  };
  return { adapter, calls, sent, state, actions, actionCalls };
}

/** A conversation of `n` inbound messages from a new contact, its ticket open and the admin's. */
export async function openConversation(h: Harness, c: Company, n = 1, type: 'telegram' | 'waba' = 'telegram') {
  const channel = await makeChannel(h, c, { type });
  const from = { number: phone(), name: 'Dora' };
  let ticketId = 0;
  for (let i = 0; i < n; i++) ticketId = (await inbound(h, c, channel, { from, body: `msg ${i}` })).ticketId!;
  await withTenant(h.app.platform.db, c.tenantId, (s) =>
    s.update(tickets, { status: 'open', userId: c.admin.userId }, eq(tickets.id, ticketId)),
  );
  return { channel, ticketId };
}

export const sendText = async (h: Harness, c: Company, ticketId: number, body: string) =>
  (await h.request('POST', `/messages/${ticketId}`, { token: c.admin.token, body: { body } })).body;
