import { ZCampaignForm, type CampaignInput } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { campaigns } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { UploadedFile } from '../../messages/upload.js';
import { assertEditable, assertOwnChannel, dropFile, lockCampaign, storeFile } from '../campaign-store.js';
import type { CampaignRow } from '../campaigns.queries.js';
import { approvedTemplate, assertHeaderFile, templateInfoOf } from '../campaign-template.js';
import { updateTemplateCampaignDate } from './update-template-campaign.js';

/** At most one file goes with a campaign. */
function oneFile(files: UploadedFile[]): UploadedFile | undefined {
  if (files.length > 1) throw new AppError('ERR_VALIDATION', { file: 'validation.invalidValue' });
  return files[0];
}

/** SPEC §5: a start date, when given, is not in the past (the 15 minutes are demanded at scheduling). */
function startOf(input: CampaignInput, now: Date): Date | null {
  if (!input.startAt) return null;
  const at = new Date(input.startAt);
  if (at.getTime() < now.getTime()) throw new AppError('ERR_CAMPAIGN_DATE');
  return at;
}

const fieldsOf = (input: CampaignInput, now: Date) => ({
  name: input.name,
  startAt: startOf(input, now),
  channelId: input.channelId ?? null,
  delaySeconds: input.delaySeconds,
  message1: input.message1,
  message2: input.message2,
  message3: input.message3,
  templateId: input.templateId ?? null,
  templateParameters: input.templateId ? input.templateParameters : [],
  templateHeaderUrl: (input.templateId && input.templateHeaderUrl) || null,
});

/**
 * The form's check (ZCampaignForm) with what only the server knows: whether a file goes, and for a
 * template campaign its approved template (of a Cloud API channel), whose variables must all be
 * mapped and whose media header needs the file (of the header's kind) or a URL.
 */
async function checkInput(scope: TenantScope, input: CampaignInput, file: { has: boolean; mime: string | null }): Promise<void> {
  const template = input.templateId ? await approvedTemplate(scope, input.channelId ?? null, input.templateId) : null;
  const templateInfo = template ? templateInfoOf(template) : null;
  ZCampaignForm.parse({ ...input, hasFile: file.has, templateInfo });
  if (templateInfo) assertHeaderFile(templateInfo, input.templateHeaderUrl, file.mime);
}

/** A new campaign, pending (a draft) until it is scheduled (start-campaign.ts). */
export async function createCampaign(scope: TenantScope, input: CampaignInput, files: UploadedFile[]): Promise<CampaignRow> {
  const file = oneFile(files);
  await assertOwnChannel(scope, input.channelId);
  await checkInput(scope, input, { has: !!file, mime: file?.mime ?? null });
  const fields = fieldsOf(input, new Date());
  const stored = file ? await storeFile(scope, file) : null;
  try {
    return await scope.insert(campaigns, { ...fields, ...(stored ?? {}) });
  } catch (err) {
    await dropFile(scope, stored?.mediaKey);
    throw err;
  }
}

/**
 * Only a pending or cancelled campaign is edited (SPEC §4); a new file replaces the old one. A
 * template campaign, once scheduled, only has its send date changed (update-template-campaign.ts).
 */
export async function updateCampaign(
  scope: TenantScope,
  id: number,
  input: CampaignInput,
  files: UploadedFile[],
): Promise<CampaignRow> {
  const file = oneFile(files);
  const current = await scope.first(campaigns, eq(campaigns.id, id));
  if (!current) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  if (current.templateId && current.status !== 'pending') return updateTemplateCampaignDate(scope, current, input, !!file);
  assertEditable(current);
  const keepsFile = !input.removeFile && !!current.mediaKey;
  await assertOwnChannel(scope, input.channelId);
  await checkInput(scope, input, { has: !!file || keepsFile, mime: file?.mime ?? (keepsFile ? current.mimeType : null) });
  const fields = fieldsOf(input, new Date());
  const stored = file ? await storeFile(scope, file) : null;
  try {
    const { row, oldKey } = await scope.transaction(async (tx) => {
      const locked = await lockCampaign(tx, id);
      assertEditable(locked);
      // Scheduled and cancelled between the read and the lock: the date-only rule holds.
      if (locked.templateId && locked.status !== 'pending') throw new AppError('ERR_CAMPAIGN_TEMPLATE_ONLY_DATE');
      const media = stored ?? (input.removeFile ? { mediaKey: null, mediaName: null, mimeType: null } : {});
      const [row] = await tx.update(campaigns, { ...fields, ...media, updatedAt: new Date() }, eq(campaigns.id, id));
      return { row: row!, oldKey: stored || input.removeFile ? locked.mediaKey : null };
    });
    await dropFile(scope, oldKey);
    return row;
  } catch (err) {
    await dropFile(scope, stored?.mediaKey);
    throw err;
  }
}

/**
 * Deleted with its contact list and file. Under the campaign's lock: a send being claimed finishes
 * its claim first; one already claimed finds its row gone and records nothing.
 */
export async function deleteCampaign(scope: TenantScope, id: number): Promise<void> {
  const key = await scope.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    await tx.delete(campaigns, eq(campaigns.id, id));
    return row.mediaKey;
  });
  await dropFile(scope, key);
}
