/**
 * The campaign engine's one step: claim the next contact, then send to it, at most once.
 *
 * Why at most once and not exactly once: the providers (WhatsApp Web, the Cloud API, Telegram,
 * Meta) take no idempotency key we could repeat safely, so after a crash between "asked the
 * provider" and "recorded its answer" nobody can know whether the message went. Sending again
 * would risk the old products' worst fault (a contact getting it twice); so the claim is
 * committed BEFORE the provider is called, and a claim found unconfirmed after its lease is marked
 * `error` with reason 'interrupted', never sent again.
 *
 * The claim runs under the campaign's row lock (FOR UPDATE SKIP LOCKED: a second instance passes
 * it by), checks the status there (cancel takes the same lock), picks the row, and stores when the
 * next send may go (the delay is stored, so it holds across restarts and instances). The status is
 * read again just before the provider call: a cancel that landed after the claim releases it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, min } from 'drizzle-orm';
import { ChannelSendError, type OutboundMessage } from '../../channels/channel-adapter.js';
import { channelAdapters } from '../../channels/channel-registry.js';
import { campaignContacts, campaigns, channels, contacts } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { storageOf } from '../../../platform/storage/storage.js';
import { resolveVariables } from '../../messages/message-variables.js';
import { recipientOf } from '../../messages/recipient.js';
import { mediaTypeOf } from '../../messages/upload.js';
import { getOwnTenant } from '../../tenants/tenants.queries.js';
import { INTERRUPTED, type CampaignContactRow, type CampaignRow } from '../campaigns.queries.js';
import { emitCampaignChange } from '../campaigns.events.js';
import { renderForContact, sendTemplateOf } from '../campaign-template.js';

/** How long a send may be in flight before its claim counts as interrupted (well over any send timeout). */
const claimLeaseMs = () => Number(process.env.CAMPAIGN_CLAIM_LEASE_MS) || 5 * 60_000;
/**
 * Test and bench switch (an environment value, never the API): CAMPAIGN_DELAY_OFF=1 sends without
 * the delay between contacts. Read at each step, so a test may set it before it starts campaigns.
 */
export const delayOff = () => process.env.CAMPAIGN_DELAY_OFF === '1';
/** While the last claimed sends are in flight, how soon the campaign looks again to finish. */
const IN_FLIGHT_RECHECK_MS = 10_000;
/** After a send that surely did not go (channel not connected): try the same contact again then. */
const NOT_CONNECTED_RETRY_MS = 30_000;

/**
 * The number adapters derive a provider-side message id from (WhatsApp Web's is a hash of the
 * channel and `messageId`): negative and below -2^31, so it never equals a messages row's id
 * (int4, positive) nor the negated one the WhatsApp adapter uses for a text sent after a file.
 */
export const campaignSendKey = (campaignContactId: number) => -(2 ** 31 + campaignContactId);

export type StepOutcome =
  | { kind: 'sent' | 'failed' | 'released'; next: Date }
  | { kind: 'wait'; next: Date }
  | { kind: 'finished' | 'not-due' | 'busy' | 'gone' };

interface Claim {
  campaign: CampaignRow;
  row: CampaignContactRow;
  contact: typeof contacts.$inferSelect;
  token: string;
  next: Date;
  /** A template campaign's send, rendered for this contact (kept in memory: a claim is sent once). */
  template?: OutboundMessage['template'];
}

/** One of the non-empty messages at random (SPEC: recorded per contact); 0 when only the file goes. */
function pickVariant(c: CampaignRow): number {
  const filled = [c.message1, c.message2, c.message3].map((m, i) => (m.trim() ? i + 1 : 0)).filter((i) => i > 0);
  return filled.length ? filled[Math.floor(Math.random() * filled.length)]! : 0;
}
const textOf = (c: CampaignRow, variant: number) => (variant ? [c.message1, c.message2, c.message3][variant - 1]! : '');

type Contact = typeof contacts.$inferSelect;
type Tenant = Awaited<ReturnType<typeof getOwnTenant>>;

/** A free-text campaign's send: one variant at random, SPEC §9 variables filled per contact. */
function textSend(c: CampaignRow, contact: Contact, tenant: Tenant, now: Date): { variant: number; body: string } {
  const variant = pickVariant(c);
  // There is no ticket (a campaign send opens none).
  const body = resolveVariables(textOf(c, variant), {
    contact: { name: contact.name, number: contact.number, email: contact.email, extraInfo: contact.extraInfo },
    ticket: { id: 0, protocol: '' },
    queueName: null,
    user: null,
    timezone: tenant.timezone,
    now,
  });
  return { variant, body };
}

async function claimNext(scope: TenantScope, campaignId: number, now: Date): Promise<Claim | StepOutcome> {
  return scope.transaction(async (tx) => {
    const [c] = await tx.query((db, owns) =>
      db.select().from(campaigns).where(owns(campaigns, eq(campaigns.id, campaignId))).for('update', { skipLocked: true }),
    );
    if (!c) return { kind: (await tx.first(campaigns, eq(campaigns.id, campaignId))) ? 'busy' : 'gone' };
    if (c.status !== 'scheduled' && c.status !== 'processing') return { kind: 'not-due' };
    if (c.nextSendAt && c.nextSendAt.getTime() > now.getTime()) return { kind: 'not-due' };
    const mine = eq(campaignContacts.campaignId, campaignId);
    const claimed = and(mine, eq(campaignContacts.status, 'send-pending'), isNotNull(campaignContacts.claimToken));
    // Claims older than the lease were cut by a crash: maybe sent, so never sent again. The token
    // stays: a send that was only slow still records its provider id over this (finishSend).
    const lease = new Date(now.getTime() - claimLeaseMs());
    await tx.update(campaignContacts, { status: 'error', errorReason: INTERRUPTED, updatedAt: now }, and(claimed, lt(campaignContacts.claimedAt, lease))!);
    const tenant = await getOwnTenant(tx);
    const template = c.templateId ? await sendTemplateOf(tx, c) : undefined;
    for (;;) {
      // The next row and its contact in one statement (a contact's rows go with it: the join
      // always finds it); only the row is locked.
      const [found] = await tx.query((db, owns) =>
        db
          .select({ row: campaignContacts, contact: contacts })
          .from(campaignContacts)
          .innerJoin(contacts, owns(contacts, eq(contacts.id, campaignContacts.contactId)))
          .where(owns(campaignContacts, mine, eq(campaignContacts.status, 'send-pending'), isNull(campaignContacts.claimToken)))
          .orderBy(campaignContacts.id)
          .limit(1)
          .for('update', { of: campaignContacts, skipLocked: true }),
      );
      const row = found?.row;
      if (!row) {
        const [inFlight] = await tx.query((db, owns) =>
          db.select({ oldest: min(campaignContacts.claimedAt) }).from(campaignContacts).where(owns(campaignContacts, claimed)),
        );
        if (inFlight?.oldest) {
          // The last sends are still in flight (another step's, or a crashed one's): look again
          // soon, and at the latest when the oldest lease runs out.
          const next = new Date(Math.min(now.getTime() + IN_FLIGHT_RECHECK_MS, inFlight.oldest.getTime() + claimLeaseMs() + 1000));
          await tx.update(campaigns, { nextSendAt: next, updatedAt: now }, eq(campaigns.id, campaignId));
          return { kind: 'wait', next };
        }
        await tx.update(campaigns, { status: 'finished', finishedAt: now, nextSendAt: null, updatedAt: now }, eq(campaigns.id, campaignId));
        emitCampaignChange(tx, 'update', campaignId);
        return { kind: 'finished' };
      }
      const contact = found.contact;
      if (contact.disableCampaign) {
        await tx.update(campaignContacts, { status: 'skipped', updatedAt: now }, eq(campaignContacts.id, row.id));
        continue;
      }
      // A template campaign: the template rendered from the contact; one that cannot be (its
      // template gone, a mapped value missing) is recorded as an error and never sent.
      const rendered = c.templateId ? renderForContact(c, template, contact) : undefined;
      if (rendered && 'error' in rendered) {
        await tx.update(campaignContacts, { status: 'error', errorReason: rendered.error, channelId: c.channelId, updatedAt: now }, eq(campaignContacts.id, row.id));
        continue;
      }
      const { variant, body } = rendered ? { variant: 0, body: rendered.body } : textSend(c, contact, tenant, now);
      const token = randomUUID();
      const [claim] = await tx.update(
        campaignContacts,
        { claimToken: token, claimedAt: now, variant: variant || null, body, channelId: c.channelId, updatedAt: now },
        eq(campaignContacts.id, row.id),
      );
      const next = delayOff() ? now : new Date(now.getTime() + c.delaySeconds * 1000);
      await tx.update(
        campaigns,
        { status: 'processing', startedAt: c.startedAt ?? now, nextSendAt: next, updatedAt: now },
        eq(campaigns.id, campaignId),
      );
      if (c.status === 'scheduled') emitCampaignChange(tx, 'update', campaignId);
      return { campaign: c, row: claim!, contact, token, next, ...(rendered ? { template: rendered.template } : {}) };
    }
  });
}

/** The provider's answer recorded on the claimed row (by its token: a deleted campaign records nothing). */
async function finishSend(scope: TenantScope, claim: Claim, patch: Partial<CampaignContactRow>): Promise<void> {
  const where = and(eq(campaignContacts.id, claim.row.id), eq(campaignContacts.claimToken, claim.token))!;
  try {
    await scope.update(campaignContacts, { ...patch, updatedAt: new Date() }, where);
  } catch (err) {
    // The provider's id already on another row (cannot happen for one send): keep ours without it.
    if (!isUniqueViolation(err)) throw err;
    await scope.update(campaignContacts, { ...patch, providerMessageId: null, updatedAt: new Date() }, where);
  }
}

/** Gives the claim back: only when the provider surely was not called. */
async function release(scope: TenantScope, claim: Claim): Promise<void> {
  await scope.update(
    campaignContacts,
    { claimToken: null, claimedAt: null, variant: null, body: null, updatedAt: new Date() },
    and(eq(campaignContacts.id, claim.row.id), eq(campaignContacts.claimToken, claim.token))!,
  );
}

async function outboundOf(platform: Platform, claim: Claim): Promise<OutboundMessage> {
  const c = claim.campaign;
  // A template campaign's file goes only as its media header (the adapter uploads it).
  const withFile = !!c.mediaKey && (!claim.template || !!claim.template.headerFile);
  return {
    messageId: campaignSendKey(claim.row.id),
    ticketId: 0,
    body: claim.row.body ?? '',
    mediaType: c.mediaKey && !claim.template ? mediaTypeOf(c.mimeType ?? '') : 'chat',
    ...(claim.template ? { template: claim.template } : {}),
    ...(withFile && c.mediaKey
      ? {
          media: {
            path: await storageOf(platform.db).localFile(c.mediaKey),
            mimeType: c.mimeType ?? 'application/octet-stream',
            fileName: c.mediaName ?? 'file',
          },
        }
      : {}),
    to: recipientOf(claim.contact),
  };
}

/** A failure that happened before anything reached the provider: the WhatsApp session is not here. */
const surelyNotSent = (err: unknown) => err instanceof ChannelSendError && err.message.startsWith('ERR_WAPP_NOT_INITIALIZED');

export async function sendNextContact(platform: Platform, scope: TenantScope, campaignId: number, now = new Date()): Promise<StepOutcome> {
  const claim = await claimNext(scope, campaignId, now);
  if (!('token' in claim)) return claim;
  // A cancel (or a delete) after the claim committed: nothing has gone yet, give the row back.
  // Its status and channel in one statement.
  const [fresh] = await scope.query((db, owns) =>
    db
      .select({ status: campaigns.status, channel: channels })
      .from(campaigns)
      .leftJoin(channels, owns(channels, eq(channels.id, campaigns.channelId)))
      .where(owns(campaigns, eq(campaigns.id, campaignId))),
  );
  if (!fresh || fresh.status !== 'processing') {
    await release(scope, claim);
    return { kind: 'released', next: claim.next };
  }
  const channel = fresh.channel;
  const adapter = channel ? channelAdapters[channel.type] : undefined;
  if (!channel || !adapter) {
    await finishSend(scope, claim, { status: 'error', errorReason: channel ? 'ERR_CHANNEL_NOT_SUPPORTED' : 'ERR_NO_WAPP_FOUND' });
    return { kind: 'failed', next: claim.next };
  }
  try {
    const { externalId } = await adapter.send(platform, channel, await outboundOf(platform, claim));
    await finishSend(scope, claim, { status: 'delivery-pending', providerMessageId: externalId, errorReason: null, sentAt: new Date() });
    return { kind: 'sent', next: claim.next };
  } catch (err) {
    if (surelyNotSent(err)) {
      await release(scope, claim);
      const next = new Date(Date.now() + NOT_CONNECTED_RETRY_MS);
      await scope.update(campaigns, { nextSendAt: next }, and(eq(campaigns.id, campaignId), eq(campaigns.status, 'processing'))!);
      return { kind: 'released', next };
    }
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'ERR_SENDING_WAPP_MSG';
    await finishSend(scope, claim, { status: 'error', errorReason: reason });
    return { kind: 'failed', next: claim.next };
  }
}
