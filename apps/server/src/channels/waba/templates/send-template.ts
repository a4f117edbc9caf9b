/**
 * An agent's template message (POST /messages/template/{ticketId}): the only way to reach a
 * WhatsApp customer after the 24-hour window closed. Recorded like any reply (pending, its text
 * the rendered template) with the template to send beside it; the outbox sends it and the
 * adapter turns it into a `template` message.
 */
import type { SendTemplate } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { channels, messages, tickets, whatsappTemplateSends, whatsappTemplates } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { enqueueSend } from '../../../modules/messages/commands/enqueue-send.js';
import { emitMessage } from '../../../modules/messages/messages.events.js';
import { assertMayReply } from '../../../modules/messages/messages.policy.js';
import { presentMessage, previewOf, type MessageRow } from '../../../modules/messages/messages.presenter.js';
import { emitTicketChange } from '../../../modules/tickets/tickets.events.js';
import { renderTemplate } from './template-render.js';
import { APPROVED } from './templates.queries.js';
import { firstResponsePatch } from '../../../modules/tickets/first-response.js';

const byClientId = (scope: TenantScope, ticketId: number, clientId: string) =>
  scope.first(messages, and(eq(messages.ticketId, ticketId), eq(messages.clientId, clientId)));

export async function sendTemplate(
  scope: TenantScope,
  auth: AuthContext,
  ticketId: number,
  input: SendTemplate,
): Promise<{ message: MessageRow; created: boolean }> {
  const access = await assertMayReply(scope, auth, ticketId);
  const ticket = access.base.row;
  if (input.clientId) {
    const existing = await byClientId(scope, ticketId, input.clientId);
    if (existing) return { message: existing, created: false };
  }
  const channel = ticket.channelId ? await scope.first(channels, eq(channels.id, ticket.channelId)) : undefined;
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  if (channel.type !== 'waba') throw new AppError('ERR_CHANNEL_NOT_SUPPORTED');
  const template = await scope.first(
    whatsappTemplates,
    and(
      eq(whatsappTemplates.id, input.templateId),
      eq(whatsappTemplates.channelId, channel.id),
      eq(whatsappTemplates.status, APPROVED),
    ),
  );
  if (!template) throw new AppError('ERR_NO_TEMPLATE_FOUND');
  const rendered = renderTemplate(template.components, input.parameters);
  if (!rendered) throw new AppError('ERR_VALIDATION', { parameters: 'validation.invalidValue' });

  const message = await scope.transaction(async (tx) => {
    const [row] = await tx.query((db) =>
      db
        .insert(messages)
        .values({
          tenantId: tx.tenantId,
          ticketId,
          contactId: ticket.contactId,
          channelId: channel.id,
          userId: auth.userId,
          fromMe: true,
          status: 'pending',
          body: rendered.text,
          mediaType: 'chat',
          clientId: input.clientId ?? null,
        })
        .onConflictDoNothing()
        .returning(),
    );
    // Only a clientId can conflict: the same POST, retried while the first was being stored.
    if (!row) return null;
    await tx.insert(whatsappTemplateSends, {
      messageId: row.id,
      templateId: template.id,
      name: template.name,
      language: template.language,
      components: rendered.components,
    });
    const now = new Date();
    await tx.update(
      tickets,
      {
        lastMessage: previewOf(row),
        lastMessageAt: now,
        lastOutboundAt: now,
        answered: true,
        updatedAt: now,
        ...firstResponsePatch(auth.userId),
      },
      eq(tickets.id, ticketId),
    );
    emitMessage(tx, ticketId, 'create', presentMessage(row));
    enqueueSend(tx, row);
    emitTicketChange(tx, ticketId, 'update');
    return row;
  });
  if (message) return { message, created: true };
  const existing = input.clientId ? await byClientId(scope, ticketId, input.clientId) : undefined;
  if (!existing) throw new AppError('ERR_CREATING_MESSAGE');
  return { message: existing, created: false };
}
