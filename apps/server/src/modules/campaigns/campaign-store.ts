/** What the campaign commands share: the row lock, the editable check, the file, the timer job. */
import { CAMPAIGN_EDITABLE } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { campaigns, channels } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { enqueue } from '../../platform/jobs/enqueue.js';
import { storageOf } from '../../platform/storage/storage.js';
import type { UploadedFile } from '../messages/upload.js';
import { sendCampaignJob } from './jobs/send-campaign.job.js';
import type { CampaignRow } from './campaigns.queries.js';

/**
 * The campaign's row, locked for the rest of the transaction: the engine claims a contact under
 * the same lock, so a cancel, an edit or a delete and a claim never interleave.
 */
export async function lockCampaign(tx: TenantScope, id: number): Promise<CampaignRow> {
  const [row] = await tx.select(campaigns, eq(campaigns.id, id)).for('update');
  if (!row) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  return row;
}

/** SPEC §4: only pending or cancelled campaigns are edited, scheduled or get contacts changed. */
export function assertEditable(row: CampaignRow): void {
  if (!CAMPAIGN_EDITABLE.includes(row.status)) throw new AppError('ERR_NO_UPDATE_CAMPAIGN_NOT_IN_CANCELED_PENDING');
}

/**
 * The send-by channel must be one of the company's (another's answers as unknown). Not the web
 * chat: its visitors are reached only inside an open conversation, which a campaign does not have.
 */
export async function assertOwnChannel(scope: TenantScope, channelId: number | null | undefined): Promise<void> {
  if (!channelId) return;
  const channel = await scope.first(channels, eq(channels.id, channelId));
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  if (channel.type === 'webchat') throw new AppError('ERR_CHANNEL_NOT_SUPPORTED');
}

/**
 * A timer for the campaign's next send at `at`. The minute sweep (campaigns.sweep-due) is the net
 * under a lost timer and what resumes campaigns that fell due while no server ran.
 */
export function armCampaign(tx: TenantScope, campaignId: number, at: Date): void {
  enqueue(tx, sendCampaignJob, { campaignId }, { startAfter: at, singletonKey: `campaign:${campaignId}:${at.getTime()}` });
}

export async function storeFile(scope: TenantScope, file: UploadedFile) {
  const key = await storageOf(scope.database).put(scope.tenantId, file.data, file.mime, file.name);
  return { mediaKey: key, mediaName: file.name, mimeType: file.mime };
}

/** A campaign's file is its own: deleted with it, or when replaced. */
export async function dropFile(scope: TenantScope, key: string | null | undefined): Promise<void> {
  if (key) await storageOf(scope.database).delete(key).catch(() => undefined);
}
