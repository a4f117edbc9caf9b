/**
 * One due occurrence of a schedule, sent exactly once: under the schedule's row lock (FOR UPDATE
 * SKIP LOCKED, so a second worker passes it by) the message is recorded in the outbox (pending,
 * sent by messages.send like an agent's) and the schedule moved on, in one transaction. A second
 * worker, a late timer or a repeated sweep finds it not due any more and does nothing.
 */
import { and, eq, lte } from 'drizzle-orm';
import { channelAdapters, type ChannelType } from '../../channels/channel-registry.js';
import { channels, contacts, messages, queues, schedules, tickets, users } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { enqueueSend } from '../../messages/commands/enqueue-send.js';
import { resolveVariables } from '../../messages/message-variables.js';
import { getOwnTenant } from '../../tenants/tenants.queries.js';
import { emitMessage } from '../../messages/messages.events.js';
import { presentMessage, previewOf } from '../../messages/messages.presenter.js';
import { emitTicketChange } from '../../tickets/tickets.events.js';
import { nextOccurrence, totalSends } from '../schedule-dates.js';
import type { ScheduleRow } from '../schedules.queries.js';
import { armTimer, bumpScheduledCount } from '../schedule-store.js';
import { firstResponsePatch } from '../../tickets/first-response.js';

export type SendOutcome = 'sent' | 'error' | 'not-due';

const mediaTypeOf = (mime: string) =>
  mime.startsWith('image/') ? 'image' : mime.startsWith('audio/') ? 'audio' : mime.startsWith('video/') ? 'video' : 'document';

/** Why the occurrence cannot be sent at all (an error code of the catalogue), or null. */
async function blocker(tx: TenantScope, s: ScheduleRow, now: Date) {
  const ticket = s.ticketId ? await tx.first(tickets, eq(tickets.id, s.ticketId)) : undefined;
  if (!ticket) return { reason: 'ERR_NO_TICKET_FOUND' as const };
  const channel = ticket.channelId ? await tx.first(channels, eq(channels.id, ticket.channelId)) : undefined;
  if (!channel) return { reason: 'ERR_NO_WAPP_FOUND' as const };
  const caps = channelAdapters[channel.type as ChannelType]?.capabilities;
  if (!caps) return { reason: 'ERR_CHANNEL_NOT_SUPPORTED' as const };
  if (s.mediaKey && !caps.media) return { reason: 'ERR_FILE_TYPE_NOT_ALLOWED' as const };
  // Past the channel's window (WhatsApp Cloud API, 24 h) only a template may go: this never will.
  const last = ticket.lastInboundAt;
  if (caps.windowHours && (!last || last.getTime() + caps.windowHours * 3_600_000 <= now.getTime()))
    return { reason: 'ERR_WINDOW_CLOSED' as const };
  return { ticket };
}

type TicketRow = typeof tickets.$inferSelect;

/** SPEC §9 variables ({{name}}, {{greeting}}...) filled at send time, as an agent's message is. */
async function bodyFor(tx: TenantScope, s: ScheduleRow, ticket: TicketRow, now: Date): Promise<string> {
  if (!s.body.includes('{{')) return s.body;
  const [contact, queue, user, tenant] = await Promise.all([
    tx.first(contacts, eq(contacts.id, ticket.contactId)),
    ticket.queueId ? tx.first(queues, eq(queues.id, ticket.queueId)) : undefined,
    s.userId ? tx.first(users, eq(users.id, s.userId)) : undefined,
    getOwnTenant(tx),
  ]);
  return resolveVariables(s.body, {
    contact: {
      name: contact?.name ?? '',
      number: contact?.number ?? '',
      email: contact?.email ?? '',
      extraInfo: contact?.extraInfo ?? [],
    },
    ticket: { id: ticket.id, protocol: ticket.protocol },
    queueName: queue?.name ?? null,
    user: user ? { name: user.name, email: user.email } : null,
    timezone: tenant.timezone,
    now,
  });
}

export async function sendDueSchedule(scope: TenantScope, id: number, now = new Date()): Promise<SendOutcome> {
  return scope.transaction(async (tx) => {
    const [s] = await tx.query((db, owns) =>
      db
        .select()
        .from(schedules)
        .where(owns(schedules, and(eq(schedules.id, id), eq(schedules.status, 'pending'), lte(schedules.sendAt, now))))
        .for('update', { skipLocked: true }),
    );
    if (!s) return 'not-due';
    const found = await blocker(tx, s, now);
    if (!found.ticket) {
      await tx.update(schedules, { status: 'error', lastError: found.reason, updatedAt: now }, eq(schedules.id, id));
      await bumpScheduledCount(tx, s.ticketId, -1);
      return 'error';
    }
    const { ticket } = found;
    const body = await bodyFor(tx, s, ticket, now);
    const [m] = await tx.query((db) =>
      db
        .insert(messages)
        .values({
          tenantId: tx.tenantId,
          ticketId: ticket.id,
          contactId: ticket.contactId,
          channelId: ticket.channelId,
          userId: s.userId,
          fromMe: true,
          status: 'pending',
          body,
          mediaType: s.mediaKey ? mediaTypeOf(s.mimeType ?? '') : 'chat',
          mediaKey: s.mediaKey,
          mediaName: s.mediaName,
          mimeType: s.mimeType,
        })
        .returning(),
    );
    await tx.update(
      tickets,
      {
        lastMessage: previewOf(m!),
        lastMessageAt: now,
        lastOutboundAt: now,
        answered: true,
        updatedAt: now,
        ...firstResponsePatch(s.userId),
      },
      eq(tickets.id, ticket.id),
    );
    emitMessage(tx, ticket.id, 'create', presentMessage(m!, null));
    enqueueSend(tx, m!);
    emitTicketChange(tx, ticket.id, 'update');

    const sentCount = s.sentCount + 1;
    const done = sentCount >= totalSends(s.repeatCount, s.repeatPeriod);
    // The next occurrence follows the planned one, not the late send: a repetition missed while the
    // server was down is still sent (at the next sweep), none dropped, and the calendar keeps its day.
    const next = done ? s.sendAt : nextOccurrence(s.sendAt, s.repeatPeriod!);
    await tx.update(
      schedules,
      { sentCount, status: done ? 'sent' : 'pending', sendAt: next, lastError: null, updatedAt: now },
      eq(schedules.id, id),
    );
    if (done) await bumpScheduledCount(tx, ticket.id, -1);
    else armTimer(tx, id, next);
    return 'sent';
  });
}
