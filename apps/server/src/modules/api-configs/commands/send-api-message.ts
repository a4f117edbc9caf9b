/**
 * A message of the external API: recorded as pending in the desk's outbox and sent by the
 * messages.send job (retried, never twice), like an agent's. `externalKey` makes it idempotent:
 * the api_messages row is written in the same transaction as the message, and its unique key
 * (tenant, configuration, key) lets one of two equal requests through; the other, and any later
 * one, answers the first message without sending anything.
 */
import type { ApiSendMessage } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { apiMessages, messages, tickets } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { storageOf } from '../../../platform/storage/storage.js';
import { channelAdapters, type ChannelType } from '../../channels/channel-registry.js';
import { getChannel } from '../../channels/channels.queries.js';
import { enqueueSend } from '../../messages/commands/enqueue-send.js';
import { emitMessage } from '../../messages/messages.events.js';
import { presentMessage, previewOf } from '../../messages/messages.presenter.js';
import type { UploadedFile } from '../../messages/upload.js';
import { emitTicketChange } from '../../tickets/tickets.events.js';
import type { TicketRow } from '../../tickets/tickets.presenter.js';
import type { ApiConfigRow } from '../api-configs.queries.js';
import { ticketForNumber, ticketOnChannel } from './resolve-api-ticket.js';

export interface ApiSendResult {
  externalKey: string;
  ticketId: number;
  contactId: number;
  message: ReturnType<typeof presentMessage>;
  duplicate: boolean;
}

async function alreadySent(scope: TenantScope, config: ApiConfigRow, key: string): Promise<ApiSendResult | null> {
  const sent = await scope.first(apiMessages, and(eq(apiMessages.apiConfigId, config.id), eq(apiMessages.externalKey, key)));
  if (!sent) return null;
  const message = await scope.first(messages, eq(messages.id, sent.messageId));
  const ticket = await scope.first(tickets, eq(tickets.id, sent.ticketId));
  if (!message || !ticket) return null;
  return { externalKey: key, ticketId: ticket.id, contactId: ticket.contactId, message: presentMessage(message), duplicate: true };
}

/** The channel's own rules: media allowed and its size, the WhatsApp Cloud API's 24-hour window. */
function assertChannelAccepts(type: string, ticket: TicketRow, files: UploadedFile[]): void {
  const caps = channelAdapters[type as ChannelType]?.capabilities;
  if (!caps) return;
  if (files.length && !caps.media) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  if (caps.maxFileBytes && files.some((f) => f.data.length > caps.maxFileBytes!)) throw new AppError('ERR_FILE_TOO_LARGE');
  const last = ticket.lastInboundAt;
  if (caps.windowHours && (!last || last.getTime() + caps.windowHours * 3_600_000 <= Date.now()))
    throw new AppError('ERR_WINDOW_CLOSED');
}

class KeyTaken extends Error {}

export async function sendApiMessage(
  scope: TenantScope,
  config: ApiConfigRow,
  input: ApiSendMessage,
  files: UploadedFile[],
): Promise<ApiSendResult> {
  const first = await alreadySent(scope, config, input.externalKey);
  if (first) return first;
  if (!input.body.trim() && files.length === 0) throw new AppError('ERR_VALIDATION', { body: 'validation.required' });
  const channel = await getChannel(scope, config.channelId);
  const ticket =
    input.ticketId !== undefined
      ? await ticketOnChannel(scope, channel, input.ticketId)
      : await ticketForNumber(scope, channel, input.number!);
  assertChannelAccepts(channel.type, ticket, files);
  const storage = files.length ? storageOf(scope.database) : null;
  const keys = storage ? await Promise.all(files.map((f) => storage.put(scope.tenantId, f.data, f.mime, f.name))) : [];
  const base = { ticketId: ticket.id, contactId: ticket.contactId, channelId: channel.id, userId: null, fromMe: true, status: 'pending' as const };
  const rows = files.length
    ? files.map((f, i) => ({
        ...base,
        body: i === 0 ? input.body : '',
        mediaType: f.mediaType,
        mediaKey: keys[i]!,
        mediaName: f.name,
        mimeType: f.mime,
        mediaSize: f.data.length,
      }))
    : [{ ...base, body: input.body, mediaType: 'chat' }];
  try {
    const out = await scope.transaction(async (tx) => {
      const inserted = (await tx.insert(messages, rows)).sort((a, b) => a.id - b.id);
      try {
        await tx.insert(apiMessages, { apiConfigId: config.id, externalKey: input.externalKey, messageId: inserted[0]!.id, ticketId: ticket.id });
      } catch (err) {
        if (isUniqueViolation(err)) throw new KeyTaken();
        throw err;
      }
      const now = new Date();
      await tx.update(
        tickets,
        { lastMessage: previewOf(inserted.at(-1)!), lastMessageAt: now, lastOutboundAt: now, updatedAt: now },
        eq(tickets.id, ticket.id),
      );
      for (const m of inserted) {
        emitMessage(tx, ticket.id, 'create', presentMessage(m));
        enqueueSend(tx, m);
      }
      emitTicketChange(tx, ticket.id, 'update');
      return inserted[0]!;
    });
    return { externalKey: input.externalKey, ticketId: ticket.id, contactId: ticket.contactId, message: presentMessage(out), duplicate: false };
  } catch (err) {
    if (storage) await Promise.all(keys.map((k) => storage.delete(k).catch(() => undefined)));
    if (err instanceof KeyTaken) {
      const again = await alreadySent(scope, config, input.externalKey);
      if (again) return again;
    }
    throw err;
  }
}
