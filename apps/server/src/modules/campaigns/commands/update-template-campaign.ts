/**
 * SPEC §4: "For official-API template campaigns only the send date can be edited." The rule as
 * implemented (README, Campaigns):
 * - a pending template campaign (a draft, never scheduled) is edited like any campaign;
 * - once scheduled, and also after a cancel, a PUT may change only `startAt`: any other field that
 *   differs from the stored campaign (name, channel, delay, messages, template, its mapping, its
 *   header URL, a new or removed file) answers ERR_CAMPAIGN_TEMPLATE_ONLY_DATE and changes nothing;
 * - a scheduled one's new date is held to the scheduling rules (not in the past, 15 minutes
 *   ahead) and moves its first send; a cancelled one's is stored for its next scheduling;
 * - processing or finished: its send date has passed, nothing is changed
 *   (ERR_NO_UPDATE_CAMPAIGN_NOT_IN_CANCELED_PENDING, as for every campaign).
 */
import type { CampaignInput } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { campaigns } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { armCampaign, lockCampaign } from '../campaign-store.js';
import type { CampaignRow } from '../campaigns.queries.js';
import { sameSources } from '../campaign-template.js';
import { assertStartAt } from './start-campaign.js';

const DATE_ONLY: readonly CampaignRow['status'][] = ['scheduled', 'cancelled'];

function onlyDateChanged(row: CampaignRow, input: CampaignInput, newFile: boolean): boolean {
  return (
    !newFile &&
    !input.removeFile &&
    input.name === row.name &&
    (input.channelId ?? null) === row.channelId &&
    input.delaySeconds === row.delaySeconds &&
    input.message1 === row.message1 &&
    input.message2 === row.message2 &&
    input.message3 === row.message3 &&
    (input.templateId ?? null) === row.templateId &&
    (input.templateHeaderUrl || null) === row.templateHeaderUrl &&
    sameSources(input.templateParameters, row.templateParameters)
  );
}

export async function updateTemplateCampaignDate(
  scope: TenantScope,
  current: CampaignRow,
  input: CampaignInput,
  newFile: boolean,
  now = new Date(),
): Promise<CampaignRow> {
  return scope.transaction(async (tx) => {
    const row = await lockCampaign(tx, current.id);
    if (!DATE_ONLY.includes(row.status)) throw new AppError('ERR_NO_UPDATE_CAMPAIGN_NOT_IN_CANCELED_PENDING');
    if (!onlyDateChanged(row, input, newFile)) throw new AppError('ERR_CAMPAIGN_TEMPLATE_ONLY_DATE');
    const at = input.startAt ? new Date(input.startAt) : null;
    if (at?.getTime() === row.startAt?.getTime()) return row;
    if (row.status === 'scheduled') {
      assertStartAt(at, now);
      const [updated] = await tx.update(campaigns, { startAt: at, nextSendAt: at, updatedAt: now }, eq(campaigns.id, row.id));
      armCampaign(tx, row.id, at);
      return updated!;
    }
    if (at && at.getTime() < now.getTime()) throw new AppError('ERR_CAMPAIGN_DATE');
    const [updated] = await tx.update(campaigns, { startAt: at, updatedAt: now }, eq(campaigns.id, row.id));
    return updated!;
  });
}
