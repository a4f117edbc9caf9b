/**
 * An agent's message: recorded first (status pending), then sent by the messages.send job. A
 * clientId makes a retried POST answer the message it already stored, never a second one.
 */
import type { ZSendMessage } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { channelAdapters, type ChannelType } from '../../channels/channel-registry.js';
import { contacts, messages, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { storageOf } from '../../../platform/storage/storage.js';
import { isSettingEnabled } from '../../settings/settings.queries.js';
import { getOwnTenant } from '../../tenants/tenants.queries.js';
import { emitTicketChange } from '../../tickets/tickets.events.js';
import { resolveVariables } from '../message-variables.js';
import { emitMessage } from '../messages.events.js';
import { assertMayReply, type TicketAccess } from '../messages.policy.js';
import { presentMessage, previewOf } from '../messages.presenter.js';
import { messagesWithQuoted, type MessageWithQuoted } from '../messages.queries.js';
import { signatureFor } from '../signature.js';
import type { UploadedFile } from '../upload.js';
import { enqueueSend } from './enqueue-send.js';
import { firstResponsePatch } from '../../tickets/first-response.js';

export type SendMessageInput = z.infer<typeof ZSendMessage>;

class ClientIdTaken extends Error {}

async function byClientId(scope: TenantScope, ticketId: number, clientId: string): Promise<MessageWithQuoted | null> {
  const row = await scope.first(messages, and(eq(messages.ticketId, ticketId), eq(messages.clientId, clientId)));
  return row ? ((await messagesWithQuoted(scope, [row.id]))[0] ?? null) : null;
}

/** The channel's own limits (Instagram: 8 MB a file; no media at all on some channels). */
function assertChannelAccepts(access: TicketAccess, files: UploadedFile[]): void {
  const type = access.base.channel?.type;
  const caps = type ? channelAdapters[type as ChannelType]?.capabilities : undefined;
  if (!caps || files.length === 0) return;
  if (!caps.media) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  if (caps.maxFileBytes && files.some((f) => f.data.length > caps.maxFileBytes!))
    throw new AppError('ERR_FILE_TOO_LARGE');
}

/** SPEC §5: past the channel's window (WhatsApp Cloud API, 24 h) only a template may be sent. */
export function assertWindowOpen(access: TicketAccess, now = Date.now()): void {
  const type = access.base.channel?.type;
  const hours = type ? channelAdapters[type as ChannelType]?.capabilities.windowHours : undefined;
  const last = access.base.row.lastInboundAt;
  if (hours && (!last || last.getTime() + hours * 3_600_000 <= now)) throw new AppError('ERR_WINDOW_CLOSED');
}

async function resolvedBody(
  scope: TenantScope,
  auth: AuthContext,
  access: TicketAccess,
  body: string,
): Promise<string> {
  if (!body.includes('{{')) return body;
  const { row, queue } = access.base;
  const [contact, tenant] = await Promise.all([
    scope.first(contacts, eq(contacts.id, row.contactId)),
    getOwnTenant(scope),
  ]);
  return resolveVariables(body, {
    contact: {
      name: contact?.name ?? '',
      number: contact?.number ?? '',
      email: contact?.email ?? '',
      extraInfo: contact?.extraInfo ?? [],
    },
    ticket: { id: row.id, protocol: row.protocol },
    queueName: queue?.name ?? null,
    user: { name: auth.name, email: auth.email },
    timezone: tenant.timezone,
    now: new Date(),
  });
}

export interface Outgoing {
  input: SendMessageInput;
  files: UploadedFile[];
}

/**
 * `outgoing` may be a function: an upload is then read only after the caller was found allowed to
 * reply, so a refused request costs no file buffering.
 */
export async function sendMessage(
  scope: TenantScope,
  auth: AuthContext,
  ticketId: number,
  outgoing: Outgoing | (() => Promise<Outgoing>),
): Promise<{ message: MessageWithQuoted; created: boolean }> {
  const access = await assertMayReply(scope, auth, ticketId);
  const { input, files } = typeof outgoing === 'function' ? await outgoing() : outgoing;
  if (input.clientId) {
    const existing = await byClientId(scope, ticketId, input.clientId);
    if (existing) return { message: existing, created: false };
  }
  if (!input.body.trim() && files.length === 0) throw new AppError('ERR_VALIDATION', { body: 'validation.required' });
  assertWindowOpen(access);
  const quoted = input.quotedMsgId
    ? await scope.first(messages, and(eq(messages.id, input.quotedMsgId), eq(messages.ticketId, ticketId)))
    : null;
  if (input.quotedMsgId && !quoted) throw new AppError('ERR_VALIDATION', { quotedMsgId: 'validation.invalidValue' });
  assertChannelAccepts(access, files);
  const body = await resolvedBody(scope, auth, access, input.body);
  const storage = files.length ? storageOf(scope.database) : null;
  const keys = storage ? await Promise.all(files.map((f) => storage.put(scope.tenantId, f.data, f.mime, f.name))) : [];
  const { row: ticket } = access.base;
  const signature = signatureFor(auth.name, await isSettingEnabled(scope, 'userDisableSignature'), input.sign);
  const base = {
    ticketId,
    contactId: ticket.contactId,
    channelId: ticket.channelId,
    userId: auth.userId,
    fromMe: true,
    signature,
    status: 'pending' as const,
    quotedMsgId: input.quotedMsgId ?? null,
  };
  // Several files make several messages; the text goes with the first as its caption.
  const rows = files.length
    ? files.map((f, i) => ({
        ...base,
        body: i === 0 ? body : '',
        mediaType: f.mediaType,
        mediaKey: keys[i]!,
        mediaName: f.name,
        mimeType: f.mime,
        mediaSize: f.data.length,
        clientId: input.clientId ? (i === 0 ? input.clientId : `${input.clientId}:${i}`) : null,
      }))
    : [{ ...base, body, mediaType: 'chat', clientId: input.clientId ?? null }];
  try {
    const inserted = await scope.transaction(async (tx) => {
      const out = await tx.query((db) =>
        db
          .insert(messages)
          .values(rows.map((r) => ({ ...r, tenantId: tx.tenantId })))
          .onConflictDoNothing()
          .returning(),
      );
      // Only a clientId can conflict: the same POST, retried while the first was being stored.
      if (out.length !== rows.length) throw new ClientIdTaken();
      const now = new Date();
      await tx.update(
        tickets,
        {
          lastMessage: previewOf(out[out.length - 1]!),
          lastMessageAt: now,
          lastOutboundAt: now,
          answered: true,
          updatedAt: now,
          ...firstResponsePatch(auth.userId),
        },
        eq(tickets.id, ticketId),
      );
      for (const m of out) {
        emitMessage(tx, ticketId, 'create', presentMessage(m, quoted ?? null));
        enqueueSend(tx, m);
      }
      emitTicketChange(tx, ticketId, 'update');
      return out;
    });
    const [first] = await messagesWithQuoted(scope, [inserted[0]!.id]);
    return { message: first!, created: true };
  } catch (err) {
    if (storage) await Promise.all(keys.map((k) => storage.delete(k).catch(() => undefined)));
    if (err instanceof ClientIdTaken && input.clientId) {
      const existing = await byClientId(scope, ticketId, input.clientId);
      if (existing) return { message: existing, created: false };
    }
    throw err;
  }
}
