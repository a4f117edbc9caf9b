/**
 * The step of the message_actions outbox: claim the recorded action, send the message's current
 * state of that kind (our reaction, its text, its deletion) through the channel's adapter, and
 * mark it done or failed. "Nothing twice": the claim is one conditional UPDATE with a lease, so
 * two jobs for one action never call the provider at the same time; a request recorded while the
 * call was under way (a bumped version) makes the run send again instead of finishing. A failure
 * for good is kept on the action and shown on the message (`actionFailed`), never dropped.
 */
import type { MessageActionKind } from '@prosa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { channelAdapters } from '../../channels/channel-registry.js';
import { ChannelSendError, type ChannelRow, type MessageActionTarget } from '../../channels/channel-adapter.js';
import { channels, contacts, messageActions, messages, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { emitMessage } from '../messages.events.js';
import { ourReaction, presentMessage, type MessageRow } from '../messages.presenter.js';
import { getQuoted } from '../messages.queries.js';
import { recipientOf } from '../recipient.js';
import { outgoingText } from '../signature.js';

/** pg-boss retries of one job; attempts of one request are capped by MAX_ATTEMPTS. */
export const ACTION_RETRY_LIMIT = 5;
export const MAX_ATTEMPTS = ACTION_RETRY_LIMIT + 1;
const CLAIM_LEASE = '2 minutes';
/** Requests arriving during calls: after this many sends in one run, the sweeper takes over. */
const MAX_ROUNDS = 3;

type ActionRow = typeof messageActions.$inferSelect;
export type ActionOutcome = 'done' | 'failed' | 'skipped';

async function claim(scope: TenantScope, actionId: number): Promise<ActionRow | undefined> {
  const [row] = await scope.update(
    messageActions,
    {
      attempts: sql`${messageActions.attempts} + 1` as unknown as number,
      claimedAt: new Date(),
      updatedAt: new Date(),
    },
    and(
      eq(messageActions.id, actionId),
      eq(messageActions.status, 'pending'),
      sql`(${messageActions.claimedAt} is null or ${messageActions.claimedAt} < now() - ${CLAIM_LEASE}::interval)`,
    )!,
  );
  return row;
}

/** Ends the claim; with `status`, only if no request came in since (same version). */
async function release(
  scope: TenantScope,
  action: ActionRow,
  patch: Partial<ActionRow> & { status?: ActionRow['status'] },
): Promise<boolean> {
  const [updated] = await scope.update(
    messageActions,
    { ...patch, claimedAt: null, updatedAt: new Date() },
    and(eq(messageActions.id, action.id), ...(patch.status ? [eq(messageActions.version, action.version)] : []))!,
  );
  return !!updated;
}

/** Shows (or clears) a failure for good on the message, and publishes it when it changed. */
async function markMessage(scope: TenantScope, messageId: number, kind: MessageActionKind, failed: boolean) {
  const [updated] = await scope.update(
    messages,
    { actionFailed: failed ? kind : null, updatedAt: new Date() },
    and(
      eq(messages.id, messageId),
      failed ? sql`${messages.actionFailed} is distinct from ${kind}` : eq(messages.actionFailed, kind),
    )!,
  );
  if (updated)
    emitMessage(
      scope,
      updated.ticketId,
      'update',
      presentMessage(updated, await getQuoted(scope, updated.quotedMsgId)),
    );
}

async function contextOf(scope: TenantScope, messageId: number) {
  const [ctx] = await scope.query((db, owns) =>
    db
      .select({ message: messages, contact: contacts, channel: channels })
      .from(messages)
      .innerJoin(tickets, owns(tickets, eq(tickets.id, messages.ticketId)))
      .innerJoin(contacts, owns(contacts, eq(contacts.id, tickets.contactId)))
      .leftJoin(channels, owns(channels, eq(channels.id, tickets.channelId)))
      .where(owns(messages, eq(messages.id, messageId))),
  );
  return ctx;
}

/** Calls the adapter with the message's state of `kind` now; false when there is nothing to tell. */
async function send(
  platform: Platform,
  channel: ChannelRow,
  kind: MessageActionKind,
  message: MessageRow,
  target: MessageActionTarget,
): Promise<void> {
  const adapter = channelAdapters[channel.type];
  if (kind === 'react') {
    if (!adapter?.react) throw new ChannelSendError('ERR_CHANNEL_NOT_SUPPORTED', false);
    return adapter.react(platform, channel, target, ourReaction(message));
  }
  if (kind === 'edit') {
    if (!adapter?.edit) throw new ChannelSendError('ERR_CHANNEL_NOT_SUPPORTED', false);
    // A deleted message is not edited any more: its deletion is what the customer must see.
    if (message.isDeleted) return;
    // The new text carries the signature the message was sent with, as the first send did.
    return adapter.edit(platform, channel, target, outgoingText(channel.type, message).body);
  }
  if (!adapter?.delete) throw new ChannelSendError('ERR_CHANNEL_NOT_SUPPORTED', false);
  if (message.isDeleted) return adapter.delete(platform, channel, target);
}

type RunResult = ActionOutcome | 'again';

async function runOnce(platform: Platform, scope: TenantScope, action: ActionRow): Promise<RunResult> {
  const ctx = await contextOf(scope, action.messageId);
  if (!ctx) {
    await release(scope, action, { status: 'done' });
    return 'done';
  }
  const { message, contact, channel } = ctx;
  try {
    if (!channel) throw new ChannelSendError('ERR_NO_WAPP_FOUND', false);
    if (!message.externalId) throw new ChannelSendError('ERR_FETCH_WAPP_MSG', false);
    const target: MessageActionTarget = {
      messageId: message.id,
      ticketId: message.ticketId,
      externalId: message.externalId,
      fromMe: message.fromMe,
      mediaType: message.mediaType,
      hasMedia: !!message.mediaKey,
      to: recipientOf(contact),
      requestKey: `${action.id}:${action.version}`,
    };
    await send(platform, channel, action.kind, message, target);
  } catch (err) {
    const retryable = err instanceof ChannelSendError ? err.retryable : true;
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'ERR_SENDING_WAPP_MSG';
    if (retryable && action.attempts < MAX_ATTEMPTS) {
      // Released with the reason; pg-boss runs the job again after its backoff.
      await release(scope, action, { lastError: reason });
      throw err;
    }
    // The action's failure and its mark on the message are one change: nobody sees one without the other.
    const failed = await scope.transaction(async (tx) => {
      if (!(await release(tx, action, { status: 'failed', lastError: reason }))) return false;
      await markMessage(tx, message.id, action.kind, true);
      return true;
    });
    if (!failed) {
      // A newer request came in meanwhile: it is tried on its own (its attempts start again).
      await release(scope, action, {});
      return 'again';
    }
    platform.log.warn(
      { actionId: action.id, messageId: message.id, kind: action.kind, reason },
      'a message change was not applied at the provider',
    );
    return 'failed';
  }
  if (!(await release(scope, action, { status: 'done', lastError: null }))) {
    await release(scope, action, {});
    return 'again';
  }
  await markMessage(scope, message.id, action.kind, false);
  return 'done';
}

/**
 * The channel a pending action goes through (where its job must run: WhatsApp Web's live socket
 * is on one app instance), or nothing when it is not pending any more.
 */
export async function channelOfPendingAction(
  scope: TenantScope,
  actionId: number,
): Promise<Pick<ChannelRow, 'id' | 'type'> | undefined> {
  const [row] = await scope.query((db, owns) =>
    db
      .select({ id: channels.id, type: channels.type })
      .from(messageActions)
      .innerJoin(messages, owns(messages, eq(messages.id, messageActions.messageId)))
      .innerJoin(tickets, owns(tickets, eq(tickets.id, messages.ticketId)))
      .innerJoin(channels, owns(channels, eq(channels.id, tickets.channelId)))
      .where(owns(messageActions, eq(messageActions.id, actionId), eq(messageActions.status, 'pending'))),
  );
  return row;
}

export async function applyAction(platform: Platform, scope: TenantScope, actionId: number): Promise<ActionOutcome> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const action = await claim(scope, actionId);
    if (!action) return 'skipped';
    const result = await runOnce(platform, scope, action);
    if (result !== 'again') return result;
  }
  return 'skipped';
}
