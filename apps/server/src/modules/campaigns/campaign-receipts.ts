/**
 * Delivery states of campaign sends from the channel's status updates (SPEC §4: delivery pending,
 * received, read, played, error with the provider's reason), matched by channel and provider id
 * through the status port (messages/after-status.ts). Never backwards: a late "delivered" after
 * "read" changes nothing. Opt-outs (a block, a marketing stop) count against the campaign that last
 * reached the person. And the SPEC §9 spam/ban risk notice, told to the admins once.
 */
import type { CampaignContactStatus } from '@prosa/contracts';
import { and, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { campaignContacts, campaigns } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { onOptOut, onUnmatchedStatus, type OptOutFacts, type UnmatchedStatusFacts } from '../messages/after-status.js';
import { countsOf, riskOf } from './campaigns.queries.js';
import { emitCampaignRisk } from './campaigns.events.js';

const MOVES: Partial<Record<UnmatchedStatusFacts['status'], { to: CampaignContactStatus; from: CampaignContactStatus[] }>> = {
  delivered: { to: 'received', from: ['delivery-pending'] },
  read: { to: 'read', from: ['delivery-pending', 'received'] },
  played: { to: 'played', from: ['delivery-pending', 'received', 'read'] },
  failed: { to: 'error', from: ['delivery-pending'] },
};

export async function campaignReceipt(scope: TenantScope, facts: UnmatchedStatusFacts): Promise<void> {
  const move = MOVES[facts.status];
  if (!move) return;
  const [row] = await scope.update(
    campaignContacts,
    {
      status: move.to,
      ...(move.to === 'error' ? { errorReason: (facts.error ?? 'failed').slice(0, 500) } : {}),
      updatedAt: new Date(),
    },
    and(
      eq(campaignContacts.channelId, facts.channelId),
      eq(campaignContacts.providerMessageId, facts.externalId),
      inArray(campaignContacts.status, move.from),
    )!,
  );
  if (row && move.to === 'error') await noteRisk(scope, row.campaignId);
}

/** How long after a campaign's send a block or a marketing stop is laid at its door. */
export const OPT_OUT_WINDOW_MS = 7 * 24 * 3600_000;

/** A block or a marketing stop: the campaign that last reached the person within the window counts it. */
export async function campaignOptOut(scope: TenantScope, facts: OptOutFacts): Promise<void> {
  const [last] = await scope.query((db, owns) =>
    db
      .select({ id: campaignContacts.id, campaignId: campaignContacts.campaignId, optedOutAt: campaignContacts.optedOutAt })
      .from(campaignContacts)
      .where(
        owns(
          campaignContacts,
          eq(campaignContacts.contactId, facts.contactId),
          eq(campaignContacts.channelId, facts.channelId),
          gte(campaignContacts.sentAt, new Date(facts.at.getTime() - OPT_OUT_WINDOW_MS)),
        ),
      )
      .orderBy(desc(campaignContacts.sentAt))
      .limit(1),
  );
  if (!last || last.optedOutAt) return;
  await scope.update(campaignContacts, { optedOutAt: facts.at, updatedAt: new Date() }, eq(campaignContacts.id, last.id));
  await noteRisk(scope, last.campaignId);
}

/** Past 2% of failed recipients: the admins are told, once per campaign (the flag is on the DTO anyway). */
export async function noteRisk(scope: TenantScope, campaignId: number): Promise<void> {
  const stats = (await countsOf(scope, [campaignId])).get(campaignId)!;
  if (!riskOf(stats)) return;
  const [marked] = await scope.update(
    campaigns,
    { riskNotifiedAt: new Date() },
    and(eq(campaigns.id, campaignId), isNull(campaigns.riskNotifiedAt))!,
  );
  if (marked) emitCampaignRisk(scope, marked.id, marked.name);
}

/** Registered once at boot (modules/index.ts). */
export function registerCampaigns(): void {
  onUnmatchedStatus(campaignReceipt);
  onOptOut(campaignOptOut);
}
