/**
 * Forwarding (SPEC §5: at most 10 messages to at most 5 contacts): each contact gets the copies on
 * its open or pending ticket of the source ticket's channel, or on a new open ticket assigned to
 * the caller. Copies are pending outbound messages, sent by the outbox like any other.
 */
import type { ZForwardMessages } from '@prosa/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { channels, contacts, messages, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { emitTicketChange } from '../../tickets/tickets.events.js';
import { createTicket } from '../inbound-contact-ticket.js';
import { emitMessage } from '../messages.events.js';
import { assertMayRead } from '../messages.policy.js';
import { presentMessage, previewOf } from '../messages.presenter.js';
import { enqueueSend } from './enqueue-send.js';
import { firstResponsePatch } from '../../tickets/first-response.js';

export type ForwardInput = z.infer<typeof ZForwardMessages>;

export async function forwardMessages(scope: TenantScope, auth: AuthContext, input: ForwardInput): Promise<number> {
  const messageIds = [...new Set(input.messageIds)];
  const contactIds = [...new Set(input.contactIds)];
  const sources = await scope
    .select(messages, inArray(messages.id, messageIds))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  if (sources.length !== messageIds.length) throw new AppError('ERR_NOT_FOUND');
  // Every source ticket must be readable by the caller (another tenant's or a hidden one: 404).
  const accesses = new Map<number, Awaited<ReturnType<typeof assertMayRead>>>();
  for (const ticketId of new Set(sources.map((m) => m.ticketId)))
    accesses.set(ticketId, await assertMayRead(scope, auth, ticketId));
  if (sources.some((m) => m.isDeleted || m.mediaType === 'system'))
    throw new AppError('ERR_VALIDATION', { messageIds: 'validation.invalidValue' });
  const targets = await scope.select(contacts, inArray(contacts.id, contactIds));
  if (targets.length !== contactIds.length) throw new AppError('ERR_NO_CONTACT_FOUND');
  const first = sources.find((m) => m.id === input.messageIds[0]) ?? sources[0]!;
  const channelId = accesses.get(first.ticketId)!.base.row.channelId;
  const channel = channelId ? await scope.first(channels, eq(channels.id, channelId)) : undefined;
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');

  return scope.transaction(async (tx) => {
    let count = 0;
    for (const contact of targets) {
      const [active] = await tx
        .select(
          tickets,
          and(
            eq(tickets.channelId, channel.id),
            eq(tickets.contactId, contact.id),
            inArray(tickets.status, ['open', 'pending']),
          ),
        )
        .limit(1);
      const { ticket, created } = active
        ? { ticket: active, created: false }
        : await createTicket(tx, channel, contact, { status: 'open', userId: auth.userId }, { userId: auth.userId });
      const copies = await tx.insert(
        messages,
        sources.map((m) => ({
          ticketId: ticket.id,
          contactId: contact.id,
          channelId: channel.id,
          userId: auth.userId,
          fromMe: true,
          status: 'pending' as const,
          body: m.body,
          mediaType: m.mediaType,
          // The copy shares the original's stored file (storage.ts: keys may be shared).
          mediaKey: m.mediaKey,
          mediaName: m.mediaName,
          mimeType: m.mimeType,
          mediaSize: m.mediaSize,
        })),
      );
      const now = new Date();
      await tx.update(
        tickets,
        {
          lastMessage: previewOf(copies[copies.length - 1]!),
          lastMessageAt: now,
          lastOutboundAt: now,
          answered: true,
          updatedAt: now,
          ...firstResponsePatch(auth.userId),
        },
        eq(tickets.id, ticket.id),
      );
      for (const m of copies) {
        emitMessage(tx, ticket.id, 'create', presentMessage(m));
        enqueueSend(tx, m);
      }
      emitTicketChange(tx, ticket.id, created ? 'create' : 'update');
      count += copies.length;
    }
    return count;
  });
}
