/**
 * One ticket's turns with its integration (the `integrations.turn` job). The customer's messages
 * after the last one handled (integration_state.lastMessageId) are answered one at a time, in id
 * order. A turn claims its message under the ticket's row lock (a short lease in
 * integration_state), calls the driver OUTSIDE any transaction (a provider may take seconds; the
 * embedded database has one connection), then, locked again, applies the result only if its claim
 * still holds and the ticket is still with that integration: replies into the outbox
 * (chatbot/record-replies.ts), the driver's state, a handover (pending in the transfer queue, a
 * log event, a polite message on a provider error) or a finish. So a message is never answered
 * twice, an agent who took the ticket over meanwhile is never talked over, and a crash loses
 * nothing (the lease expires; the job or the next message runs the turn again).
 */
import { randomUUID } from 'node:crypto';
import { uiCatalogues, type BotReply } from '@prosa/contracts';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import { channels, channelWebhookDeliveries, contacts, integrations, messages, tickets } from '../../../platform/db/schema.js';
import { jobsOf } from '../../../platform/jobs/enqueue.js';
import { deliverWebhookJob } from '../../channel-webhooks/jobs/deliver-webhook.job.js';
import { storageOf } from '../../../platform/storage/storage.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { flowMedia, type StoredMedia } from '../../chatbot/flow-media.js';
import { lastBodyOf, recordReplies, type MediaOf, type Outgoing } from '../../chatbot/record-replies.js';
import { emitTicketUpdateCoalesced } from '../../messages/coalesce-ticket-events.js';
import { sniff } from '../../messages/upload.js';
import { patchTicket } from '../../tickets/tickets.mutate.js';
import type { TicketRow } from '../../tickets/tickets.presenter.js';
import { RetryableIntegrationError, type TurnContext, type TurnResult } from '../drivers/driver.js';
import { driverFor } from '../drivers/index.js';
import { leaveIntegration } from '../hand-over.js';
import { configOf } from '../integrations.queries.js';
import { planAllows } from '../../tenants/plan-features.js';
import { tenantLanguage } from '../tenant-language.js';

/** A provider's turn gets this long (AbortSignal) before it counts as failed. */
export const TURN_TIMEOUT_MS = 30_000;
/** A claim older than this (a crash mid-turn) may be taken again. */
const LEASE_MS = TURN_TIMEOUT_MS + 30_000;
/** Turns per job run; a longer burst continues in a new run. */
const BATCH = 20;

/** What Prosa keeps in tickets.integration_state around the driver's own state. */
export interface StoredState {
  lastMessageId?: number;
  turns?: number;
  driver?: Record<string, unknown> | null;
  claim?: { token: string; messageId: number; until: number } | null;
}

export type TurnOutcome = 'answered' | 'handover' | 'finished' | 'idle' | 'busy' | 'lost';

interface Claimed {
  token: string;
  ticket: TicketRow;
  state: StoredState;
  message: typeof messages.$inferSelect;
  integration: typeof integrations.$inferSelect;
}

const lock = (tx: TenantScope, ticketId: number) =>
  tx
    .select(tickets, eq(tickets.id, ticketId))
    .for('update')
    .then((r) => r[0]);

async function claim(scope: TenantScope, ticketId: number, now: Date): Promise<Claimed | 'idle' | 'busy'> {
  return scope.transaction(async (tx) => {
    const ticket = await lock(tx, ticketId);
    if (!ticket || ticket.status === 'closed' || ticket.integrationId === null) return 'idle';
    const state = (ticket.integrationState ?? {}) as StoredState;
    if (state.claim && state.claim.until > now.getTime()) return 'busy';
    const [message] = await tx
      .select(
        messages,
        and(eq(messages.ticketId, ticketId), eq(messages.fromMe, false), gt(messages.id, state.lastMessageId ?? 0)),
      )
      .orderBy(asc(messages.id))
      .limit(1);
    if (!message) {
      if (state.claim)
        await tx.update(tickets, { integrationState: { ...state, claim: null } }, eq(tickets.id, ticketId));
      return 'idle';
    }
    const integration = await tx.first(integrations, eq(integrations.id, ticket.integrationId));
    if (!integration || !(await planAllows(tx, 'integrations'))) {
      // Deleted under the ticket, or the plan lost integrations: the ticket waits for an agent.
      const patch = await leaveIntegration(tx, ticket, { reason: 'provider-error' });
      await patchTicket(tx, ticketId, patch);
      emitTicketUpdateCoalesced(tx, ticketId, 'update');
      return 'idle';
    }
    const token = randomUUID();
    await tx.update(
      tickets,
      { integrationState: { ...state, claim: { token, messageId: message.id, until: now.getTime() + LEASE_MS } } },
      eq(tickets.id, ticketId),
    );
    return { token, ticket, state, message, integration };
  });
}

async function contextOf(
  platform: Platform,
  scope: TenantScope,
  c: Claimed,
  now: Date,
  signal: AbortSignal,
): Promise<TurnContext> {
  const contact = await scope.first(contacts, eq(contacts.id, c.ticket.contactId));
  const history = await scope
    .select(messages, and(eq(messages.ticketId, c.ticket.id), lte(messages.id, c.message.id)))
    .orderBy(desc(messages.id))
    .limit(c.integration.maxMessages);
  const extra: Record<string, string> = {};
  for (const e of (contact?.extraInfo as { name: string; value: string }[] | null) ?? []) extra[e.name] = e.value;
  return {
    tenantId: scope.tenantId,
    ticket: {
      id: c.ticket.id,
      protocol: c.ticket.protocol || null,
      queueId: c.ticket.queueId,
      channelId: c.ticket.channelId ?? 0,
    },
    contact: {
      name: contact?.name ?? '',
      number: contact?.number ?? '',
      email: contact?.email || null,
      extraInfo: extra,
    },
    message: {
      id: c.message.id,
      body: c.message.body,
      mediaType: c.message.mediaType,
      mediaUrl: null,
      audio: await audioOf(platform, scope, c.message, c.ticket.channelId),
    },
    history: history.reverse().map((m) => ({ fromMe: m.fromMe, body: m.body })),
    state: c.state.driver ?? null,
    first: (c.state.turns ?? 0) === 0,
    now,
    allowPrivate: platform.config.webhookAllowPrivate,
    signal,
    language: await tenantLanguage(scope),
    log: platform.log,
  };
}

/** OpenAI's transcription takes files up to 25 MB. */
const AUDIO_MAX_BYTES = 25 * 1024 * 1024;

/**
 * A customer's voice note, for drivers that transcribe it (the OpenAI family): its stored bytes
 * and the channel's transcription key (none: the driver uses the integration's own key).
 */
async function audioOf(
  platform: Platform,
  scope: TenantScope,
  message: Claimed['message'],
  channelId: number | null,
): Promise<NonNullable<TurnContext['message']['audio']> | undefined> {
  if (message.mediaType !== 'audio' || !message.mediaKey || (message.mediaSize ?? 0) > AUDIO_MAX_BYTES)
    return undefined;
  const { stream } = await storageOf(platform.db).read(message.mediaKey);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const channel = channelId ? await scope.first(channels, eq(channels.id, channelId)) : undefined;
  return {
    data: Buffer.concat(chunks),
    fileName: message.mediaName || 'audio.ogg',
    transcriptionKey: channel?.transcriptionKey || null,
  };
}

/** The driver's answer; a failure that is not retried (or retried out) hands the ticket over. */
async function callDriver(
  platform: Platform,
  scope: TenantScope,
  c: Claimed,
  now: Date,
  lastAttempt: boolean,
): Promise<TurnResult> {
  const driver = driverFor(c.integration.type);
  const providerError: TurnResult = {
    replies: [],
    handover: { queueId: c.integration.transferQueueId, reason: 'provider-error' },
  };
  if (!driver) return providerError;
  const signal = AbortSignal.timeout(TURN_TIMEOUT_MS);
  try {
    const cfg = configOf(c.integration, platform.config.encryptionSecret);
    return await driver.turn(cfg, await contextOf(platform, scope, c, now, signal));
  } catch (err) {
    if (err instanceof RetryableIntegrationError && !lastAttempt) {
      await release(scope, c);
      throw err;
    }
    platform.log.warn(
      { err, ticketId: c.ticket.id, integrationId: c.integration.id },
      'integration turn failed: handed over',
    );
    return providerError;
  }
}

/** Drops this turn's claim, so the retry (or another job) takes the message again. */
async function release(scope: TenantScope, c: Claimed): Promise<void> {
  await scope.transaction(async (tx) => {
    const ticket = await lock(tx, c.ticket.id);
    const state = (ticket?.integrationState ?? null) as StoredState | null;
    if (state?.claim?.token === c.token)
      await tx.update(tickets, { integrationState: { ...state, claim: null } }, eq(tickets.id, c.ticket.id));
  });
}

function outgoing(result: TurnResult): Outgoing[] {
  const step = Math.max(0, result.delaySeconds ?? 0);
  return result.replies.map((reply: BotReply, i) => ({ reply, delay: step * i }));
}

async function apply(
  platform: Platform,
  scope: TenantScope,
  c: Claimed,
  result: TurnResult,
  now: Date,
): Promise<TurnOutcome> {
  const language = result.handover?.reason === 'provider-error' ? await tenantLanguage(scope) : null;
  // Files the provider named (a Typebot image, a slip's PDF) are fetched and stored before the
  // ticket is locked, with the flow-media guard; one that cannot be had goes as its caption and link.
  const files = new Map<BotReply, StoredMedia | null>();
  for (const reply of result.replies)
    if (reply.kind === 'media')
      files.set(
        reply,
        await flowMedia(platform.db, scope.tenantId, reply.mediaUrl, reply.name, platform.config.webhookAllowPrivate),
      );
  const voice = result.voice ? await storeVoice(platform, scope, result.voice) : null;
  const mediaOf: MediaOf = async (reply) => files.get(reply) ?? null;
  let deliveryId: number | null = null;
  const outcome = await scope.transaction(async (tx): Promise<TurnOutcome> => {
    const ticket = await lock(tx, c.ticket.id);
    const state = (ticket?.integrationState ?? null) as StoredState | null;
    // Taken over, closed or moved while the provider answered: its answer is dropped.
    if (
      !ticket ||
      ticket.integrationId !== c.integration.id ||
      state?.claim?.token !== c.token ||
      ticket.status === 'closed'
    )
      return 'lost';
    const out = outgoing(result);
    if (voice) {
      const reply: BotReply = { kind: 'media', mediaUrl: '', caption: '', name: voice.name, type: 'audio' };
      files.set(reply, voice);
      out.push({ reply, delay: out.at(-1)?.delay ?? 0 });
    }
    let patch: Parameters<typeof patchTicket>[2];
    let outcome: TurnOutcome = 'answered';
    if (result.handover) {
      // No queue named: the integration's transfer queue, else the one the ticket is in.
      const queueId = result.handover.queueId ?? c.integration.transferQueueId ?? ticket.queueId;
      if (language)
        out.push({ reply: { kind: 'text', body: uiCatalogues[language].integrations.providerError }, delay: 0 });
      patch = {
        ...(await leaveIntegration(tx, ticket, { reason: result.handover.reason })),
        queueId,
        userId: null,
        status: 'pending',
      };
      outcome = 'handover';
    } else if (result.finish) {
      patch = await leaveIntegration(tx, ticket, { reason: 'finished' });
      outcome = 'finished';
    } else {
      const driverState = result.state === undefined ? (state.driver ?? null) : result.state;
      patch = {
        integrationState: {
          lastMessageId: c.message.id,
          turns: (state.turns ?? 0) + 1,
          driver: driverState,
          claim: null,
        },
      };
    }
    if (result.webhook) deliveryId = await recordWebhook(tx, platform, ticket, c.integration.id, result.webhook);
    const lastBody = lastBodyOf(out);
    if (lastBody !== null) Object.assign(patch, { lastMessage: lastBody.slice(0, 255), lastMessageAt: now });
    const after = await patchTicket(tx, ticket.id, patch);
    emitTicketUpdateCoalesced(tx, ticket.id, 'update');
    await recordReplies(tx, after, out, now, mediaOf);
    return outcome;
  });
  // After the commit; a lost send is repaired by the webhook sweeper (the row is pending).
  if (deliveryId !== null)
    await jobsOf(scope.database)
      .send(deliverWebhookJob, { tenantId: scope.tenantId, deliveryId }, { singletonKey: `webhook:${deliveryId}:0` })
      .catch((err: unknown) => platform.log.warn({ err, deliveryId }, 'integration webhook job not queued'));
  return outcome;
}

/** The N8N post of this turn, as a channel webhook delivery of the ticket's channel. */
async function recordWebhook(
  tx: TenantScope,
  platform: Platform,
  ticket: TicketRow,
  integrationId: number,
  webhook: NonNullable<TurnResult['webhook']>,
): Promise<number | null> {
  if (!ticket.channelId) {
    platform.log.warn({ ticketId: ticket.id, integrationId }, 'integration webhook skipped: the ticket has no channel');
    return null;
  }
  const row = await tx.insert(channelWebhookDeliveries, {
    channelId: ticket.channelId,
    integrationId,
    event: webhook.event,
    payload: webhook.payload,
  });
  return row.id;
}

/**
 * The spoken answer's bytes, stored like an upload: the bytes decide the type (upload.ts sniff),
 * and anything but audio is dropped (the customer still gets the text).
 */
async function storeVoice(
  platform: Platform,
  scope: TenantScope,
  voice: NonNullable<TurnResult['voice']>,
): Promise<StoredMedia | null> {
  const data = Buffer.from(voice.data);
  const mime = await sniff(data, voice.mimeType, voice.fileName).catch(() => null);
  if (!mime?.startsWith('audio/')) {
    platform.log.warn({ mime }, 'voice reply is not audio: text only');
    return null;
  }
  const key = await storageOf(platform.db).put(scope.tenantId, data, mime, voice.fileName);
  return { key, mime, name: voice.fileName, size: data.length, mediaType: 'audio' };
}

/** Runs the ticket's pending turns; answers whether more are left for another run. */
export async function runIntegrationTurns(
  platform: Platform,
  scope: TenantScope,
  ticketId: number,
  opts: { lastAttempt: boolean; now?: () => Date },
): Promise<{ outcomes: TurnOutcome[]; more: boolean }> {
  const clock = opts.now ?? (() => new Date());
  const outcomes: TurnOutcome[] = [];
  for (let i = 0; i < BATCH; i++) {
    const now = clock();
    const c = await claim(scope, ticketId, now);
    if (c === 'idle' || c === 'busy') {
      outcomes.push(c);
      return { outcomes, more: false };
    }
    const result = await callDriver(platform, scope, c, now, opts.lastAttempt);
    const outcome = await apply(platform, scope, c, result, clock());
    outcomes.push(outcome);
    if (outcome !== 'answered') return { outcomes, more: false };
  }
  return { outcomes, more: true };
}
