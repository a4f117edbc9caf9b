/**
 * The WhatsApp Cloud API's templates as the channel port offers them (ChannelAdapter.templates):
 * campaigns find the channel's template and render it per contact through this, never reading
 * the channel's tables themselves (layers: channels -> modules -> platform).
 */
import { and, eq } from 'drizzle-orm';
import { whatsappTemplates } from '../../../platform/db/schema.js';
import type { ChannelTemplate, ChannelTemplates } from '../../../modules/channels/channel-adapter.js';
import { headerFormatOf, parameterCount, renderTemplate } from './template-render.js';
import { APPROVED, type TemplateRow } from './templates.queries.js';

export function channelTemplateOf(row: TemplateRow): ChannelTemplate {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    parameterCount: parameterCount(row.components),
    headerFormat: headerFormatOf(row.components),
    render: (values, opts = {}) => renderTemplate(row.components, values, opts.headerLink ? { headerMedia: { link: opts.headerLink } } : {}),
  };
}

export const wabaTemplates: ChannelTemplates = {
  async find(scope, channelId, templateId, { approved }) {
    const row = await scope.first(
      whatsappTemplates,
      and(
        eq(whatsappTemplates.id, templateId),
        eq(whatsappTemplates.channelId, channelId),
        approved ? eq(whatsappTemplates.status, APPROVED) : undefined,
      )!,
    );
    return row ? channelTemplateOf(row) : undefined;
  },
};
