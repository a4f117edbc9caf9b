import { CAMPAIGN_MIN_LEAD_MINUTES } from '@prosa/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { campaignContacts, campaigns } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { armCampaign, assertEditable, assertOwnChannel, lockCampaign } from '../campaign-store.js';
import type { CampaignRow } from '../campaigns.queries.js';
import { approvedTemplate } from '../campaign-template.js';
import { emitCampaignChange } from '../campaigns.events.js';

/**
 * Test switch (an environment value, never the API), for the browser journey that schedules a
 * campaign and watches it send: CAMPAIGN_MIN_LEAD_OFF=1 drops the 15-minute lead; the start must
 * still not be in the past. Read at each start, like CAMPAIGN_DELAY_OFF.
 */
export const minLeadOff = () => process.env.CAMPAIGN_MIN_LEAD_OFF === '1';

/** SPEC §5, §9: a start not in the past (ERR_CAMPAIGN_DATE) and 15 minutes ahead (ERROR_CAMPAIGN_DATE_NOT_VALID). */
export function assertStartAt(at: Date | null, now: Date): asserts at is Date {
  if (!at || at.getTime() < now.getTime()) throw new AppError('ERR_CAMPAIGN_DATE');
  const lead = minLeadOff() ? 0 : CAMPAIGN_MIN_LEAD_MINUTES * 60_000;
  if (at.getTime() < now.getTime() + lead) throw new AppError('ERROR_CAMPAIGN_DATE_NOT_VALID');
}

/**
 * pending or cancelled -> scheduled (SPEC §4). The start (given now or stored) is not in the past
 * and at least 15 minutes ahead by the server's clock; a channel of the company; contacts not yet
 * sent to. After a cancel it sends only to those: rows already sent, failed or skipped stay so.
 */
export async function startCampaign(scope: TenantScope, id: number, startAt?: string, now = new Date()): Promise<CampaignRow> {
  return scope.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    assertEditable(row);
    const at = startAt ? new Date(startAt) : row.startAt;
    assertStartAt(at, now);
    if (!row.channelId) throw new AppError('ERR_NO_WAPP_FOUND');
    await assertOwnChannel(tx, row.channelId);
    // A template removed or no longer approved since the campaign was saved.
    if (row.templateId) await approvedTemplate(tx, row.channelId, row.templateId);
    const waiting = await tx.count(
      campaignContacts,
      and(eq(campaignContacts.campaignId, id), eq(campaignContacts.status, 'send-pending'), isNull(campaignContacts.claimToken)),
    );
    if (waiting === 0) throw new AppError('ERR_CAMPAIGN_CONTACTS_NOT_EXISTS');
    const [updated] = await tx.update(
      campaigns,
      { status: 'scheduled', startAt: at, nextSendAt: at, finishedAt: null, updatedAt: now },
      eq(campaigns.id, id),
    );
    armCampaign(tx, id, at);
    emitCampaignChange(tx, 'update', id);
    return updated!;
  });
}

/**
 * scheduled or processing -> cancelled, under the campaign's lock: the engine checks the status
 * under the same lock before each claim and again before each provider call, so nothing more goes.
 * Cancelling a campaign that is not running changes nothing.
 */
export async function cancelCampaign(scope: TenantScope, id: number, now = new Date()): Promise<CampaignRow> {
  return scope.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    if (row.status !== 'scheduled' && row.status !== 'processing') return row;
    const [updated] = await tx.update(campaigns, { status: 'cancelled', nextSendAt: null, updatedAt: now }, eq(campaigns.id, id));
    emitCampaignChange(tx, 'update', id);
    return updated!;
  });
}
