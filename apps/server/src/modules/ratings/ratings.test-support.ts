/** Factories of the ratings tests: a rating channel, a conversation closed by the admin. */
import { and, eq } from 'drizzle-orm';
import type { ChannelRow } from '../channels/channel-adapter.js';
import { channels, messages, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Company, Harness } from '../../test/harness.js';
import { inbound, makeChannel, newId, phone } from '../messages/messages.test-support.js';

export const RATING = {
  ratingEnabled: true,
  ratingMessage: 'De 1 a 5, como foi, {{name}}?',
  ratingThanksMessage: 'Obrigado pela nota!',
  ratingInvalidMessage: 'Responda só com um número de 1 a 5.',
  ratingWaitMinutes: 10,
};

export const ratingChannel = (h: Harness, c: Company, over: Partial<typeof channels.$inferInsert> = {}) =>
  makeChannel(h, c, { ...RATING, ...over });

/** A new contact writes, the admin takes the ticket; answers what the next messages need. */
export async function openedTicket(h: Harness, c: Company, channel: ChannelRow) {
  const from = { number: phone(), name: 'Carla' };
  const r = await inbound(h, c, channel, { from, body: 'oi' });
  await withTenant(h.app.platform.db, c.tenantId, (s) =>
    s.update(tickets, { status: 'open', userId: c.admin.userId }, eq(tickets.id, r.ticketId!)),
  );
  return { from, ticketId: r.ticketId! };
}

export const closeByAdmin = (h: Harness, c: Company, ticketId: number, body: Record<string, unknown> = {}) =>
  h.request('PUT', `/tickets/${ticketId}`, { token: c.admin.token, body: { status: 'closed', ...body } });

/** The same provider message can be delivered again: keep its id. */
export const answer = (
  h: Harness,
  c: Company,
  channel: ChannelRow,
  from: { number: string; name: string },
  body: string,
  externalId: string = newId(),
) => inbound(h, c, channel, { from, body, externalId });

export const outboundBodies = async (h: Harness, c: Company, ticketId: number) =>
  (
    await withTenant(h.app.platform.db, c.tenantId, (s) =>
      s.select(messages, and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true))!).orderBy(messages.id),
    )
  ).map((m) => m.body);

export const ticketsOfContact = (h: Harness, c: Company, channelId: number, contactId: number) =>
  withTenant(h.app.platform.db, c.tenantId, (s) =>
    s.select(tickets, and(eq(tickets.channelId, channelId), eq(tickets.contactId, contactId))!).orderBy(tickets.id),
  );
