/**
 * Template campaigns on the WhatsApp Cloud API (SPEC §3, §4): the campaign's approved template,
 * checked when it is saved and scheduled, and rendered per contact when it is sent. The template
 * itself (its variables, the send request's components) is the channel's business, reached
 * through the adapter's `templates` port (channels/waba/templates/template-port.ts); this file
 * maps a campaign's sources onto it.
 */
import { isMediaHeader, type TemplateInfo, type TemplateParameterSource } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { ChannelTemplate, OutboundMessage } from '../channels/channel-adapter.js';
import { channelAdapters } from '../channels/channel-registry.js';
import { channels, type contacts } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { TEMPLATE_MISSING, VALUE_MISSING, type CampaignRow } from './campaigns.queries.js';

/**
 * The approved template `templateId` of the campaign's channel, which must be a Cloud API channel
 * (ERR_CAMPAIGN_TEMPLATE_NEEDS_WABA); another channel's, another company's or a non-approved one
 * is not found (ERR_NO_TEMPLATE_FOUND).
 */
export async function approvedTemplate(scope: TenantScope, channelId: number | null, templateId: number): Promise<ChannelTemplate> {
  if (!channelId) throw new AppError('ERR_CAMPAIGN_TEMPLATE_NEEDS_WABA');
  const channel = await scope.first(channels, eq(channels.id, channelId));
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  const port = channelAdapters[channel.type]?.templates;
  if (!port) throw new AppError('ERR_CAMPAIGN_TEMPLATE_NEEDS_WABA');
  const template = await port.find(scope, channelId, templateId, { approved: true });
  if (!template) throw new AppError('ERR_NO_TEMPLATE_FOUND');
  return template;
}

/** What ZCampaignForm's check needs of the template (the web form takes the same from the list). */
export const templateInfoOf = (t: ChannelTemplate): NonNullable<TemplateInfo> => ({
  parameterCount: t.parameterCount,
  headerFormat: t.headerFormat,
});

/** WhatsApp's media types for headers (templates-media page; a larger file is refused by Meta). */
const HEADER_MIMES: Record<string, RegExp> = { IMAGE: /^image\/(jpeg|png)$/i, VIDEO: /^video\/(mp4|3gpp)$/i, DOCUMENT: /./ };

/** A media header sent from the campaign's file: the file must be of the header's kind. */
export function assertHeaderFile(info: NonNullable<TemplateInfo>, headerUrl: string | null | undefined, mime: string | null): void {
  if (!isMediaHeader(info.headerFormat) || headerUrl) return;
  const fits = HEADER_MIMES[info.headerFormat.toUpperCase()]!;
  if (!mime || !fits.test(mime.split(';')[0]!.trim()))
    throw new AppError('ERR_VALIDATION', { file: 'validation.campaignTemplateMedia' });
}

/** Same sources in the same order (jsonb does not keep key order, so compared field by field). */
export function sameSources(a: TemplateParameterSource[], b: TemplateParameterSource[]): boolean {
  const key = (s: TemplateParameterSource) =>
    s.source === 'field' ? `f:${s.field}` : s.source === 'extra' ? `e:${s.name}` : `t:${s.text}`;
  return a.length === b.length && a.every((s, i) => key(s) === key(b[i]!));
}

type Contact = typeof contacts.$inferSelect;

/** WhatsApp refuses line breaks, tabs and more than 4 spaces in a row in a parameter (#132018). */
const clean = (s: string) => s.replace(/[\n\r\t]+/g, ' ').replace(/ {4,}/g, '   ').trim().slice(0, 1024);

function valueOf(source: TemplateParameterSource, contact: Contact): string {
  if (source.source === 'text') return clean(source.text);
  if (source.source === 'field') return clean(contact[source.field] ?? '');
  const wanted = source.name.trim().toLowerCase();
  return clean(contact.extraInfo.find((x) => x.name.trim().toLowerCase() === wanted)?.value ?? '');
}

export type RenderedSend = { body: string; template: NonNullable<OutboundMessage['template']> } | { error: string };

/**
 * The template as this contact gets it: each source read from the contact, the header's media by
 * URL or as the campaign's file (uploaded by the adapter). A contact without a mapped value gets
 * an error row, never a send WhatsApp would refuse.
 */
export function renderForContact(c: CampaignRow, template: ChannelTemplate | undefined, contact: Contact): RenderedSend {
  if (!template) return { error: TEMPLATE_MISSING };
  const values = c.templateParameters.map((s) => valueOf(s, contact));
  const empty = values.findIndex((v) => !v);
  if (empty >= 0) {
    const s = c.templateParameters[empty]!;
    return { error: `${VALUE_MISSING}: ${s.source === 'field' ? s.field : s.source === 'extra' ? s.name : 'text'}` };
  }
  const format = template.headerFormat;
  const byUrl = isMediaHeader(format) && c.templateHeaderUrl ? { headerLink: c.templateHeaderUrl } : {};
  const rendered = template.render(values, byUrl);
  if (!rendered) return { error: TEMPLATE_MISSING };
  const byFile = isMediaHeader(format) && !c.templateHeaderUrl && c.mediaKey ? { headerFile: { format, key: c.mediaKey } } : {};
  return {
    body: rendered.text,
    template: { name: template.name, language: template.language, components: rendered.components, ...byFile },
  };
}

/**
 * The campaign's template at send time, whatever its status now (Meta answers for a paused one);
 * removed at Meta and by the sync, or the channel gone: undefined.
 */
export async function sendTemplateOf(scope: TenantScope, c: CampaignRow): Promise<ChannelTemplate | undefined> {
  if (!c.templateId || !c.channelId) return undefined;
  const channel = await scope.first(channels, eq(channels.id, c.channelId));
  const port = channel ? channelAdapters[channel.type]?.templates : undefined;
  return port?.find(scope, c.channelId, c.templateId, { approved: false });
}
