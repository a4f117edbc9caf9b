/**
 * The payloads of the hooks an API configuration gets (DOMAIN.md "Integrations"):
 * - `hookMessage`: a customer's message on a ticket of the configuration's channel;
 * - `hookMessageStatus`: a provider's acknowledgement of one of our messages there.
 * Both echo the `externalKey` a message was sent with through this configuration (else null).
 */
import { apiMediaPath, type ApiHookEvent } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { apiConfigs, apiMessages, contacts, messages, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { recordApiHook } from '../channel-webhooks/record-event.js';
import { presentMessage } from '../messages/messages.presenter.js';

export interface ApiHookInput {
  apiConfigId: number;
  event: ApiHookEvent;
  messageId: number;
  status?: string | undefined;
}

export async function recordApiHookEvent(scope: TenantScope, input: ApiHookInput): Promise<number | null> {
  const config = await scope.first(apiConfigs, eq(apiConfigs.id, input.apiConfigId));
  const message = await scope.first(messages, eq(messages.id, input.messageId));
  if (!config?.active || !config.statusUrl || !message) return null;
  const ticket = await scope.first(tickets, eq(tickets.id, message.ticketId));
  const contact = ticket ? await scope.first(contacts, eq(contacts.id, ticket.contactId)) : undefined;
  const sent = await scope.first(
    apiMessages,
    and(eq(apiMessages.apiConfigId, config.id), eq(apiMessages.messageId, message.id)),
  );
  const common = {
    event: input.event,
    apiId: config.id,
    externalKey: sent?.externalKey ?? null,
    at: new Date().toISOString(),
  };
  const payload =
    input.event === 'hookMessage'
      ? {
          ...common,
          ticket: ticket ? { id: ticket.id, status: ticket.status, protocol: ticket.protocol } : null,
          contact: contact ? { id: contact.id, name: contact.name, number: contact.number } : null,
          // The file is read with the configuration's token (a session's /media path is no use there).
          message: { ...presentMessage(message), mediaUrl: message.mediaKey ? apiMediaPath(config.id, message.id) : null },
        }
      : { ...common, messageId: message.id, ticketId: message.ticketId, status: input.status ?? message.status };
  return recordApiHook(scope, { channelId: config.channelId, apiConfigId: config.id, event: input.event, payload });
}
