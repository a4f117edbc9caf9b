/** Reads of the WhatsApp templates, through the tenant door only. */
import type { WabaTemplate } from '@prosa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { channels, whatsappTemplates } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { ChannelRow } from '../../../modules/channels/channel-adapter.js';
import { isSendable, parameterCount, templateText } from './template-render.js';

export type TemplateRow = typeof whatsappTemplates.$inferSelect;
export const APPROVED = 'APPROVED';

/** The company's WhatsApp Cloud API channel; another tenant's id is not found. */
export async function wabaChannel(scope: TenantScope, channelId: number): Promise<ChannelRow> {
  const channel = await scope.first(channels, eq(channels.id, channelId));
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  if (channel.type !== 'waba') throw new AppError('ERR_CHANNEL_NOT_SUPPORTED');
  return channel;
}

export async function listTemplates(scope: TenantScope, channelId: number, all: boolean): Promise<TemplateRow[]> {
  return scope
    .select(
      whatsappTemplates,
      and(eq(whatsappTemplates.channelId, channelId), all ? undefined : eq(whatsappTemplates.status, APPROVED)),
    )
    .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
}

export function presentTemplate(row: TemplateRow): WabaTemplate {
  return {
    id: row.id,
    channelId: row.channelId,
    externalId: row.externalId,
    name: row.name,
    language: row.language,
    status: row.status,
    category: row.category,
    components: row.components,
    parameterCount: parameterCount(row.components),
    text: templateText(row.components),
    sendable: isSendable(row.components),
    updatedAt: row.updatedAt.toISOString(),
  };
}
