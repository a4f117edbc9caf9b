/**
 * The WhatsApp Cloud API channel (type `waba`). Webhooks come in through waba.routes.ts (verified,
 * stored, enqueued); `parse` turns a stored payload into events, downloading media from the
 * Graph API; a person's call is rejected when the company rejects calls (waba.calls.ts); `send`
 * posts to /{phone-number-id}/messages. The 24-hour customer-service window is
 * this provider's rule: `windowHours` tells the desk, and a late send fails with ERR_WINDOW_CLOSED.
 */
import { LIMITS } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { whatsappTemplateSends } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Platform } from '../../platform/platform.js';
import { registerChannelAdapter } from '../../modules/channels/channel-registry.js';
import type { ChannelAdapter, ChannelRow, InboundEvent, OutboundMessage } from '../../modules/channels/channel-adapter.js';
import { GraphError, graphJson, wabaConfigOf } from './waba.graph.js';
import { downloadMedia } from './waba.media.js';
import { answerWabaCall } from './waba.calls.js';
import { parseWabaCalls, parseWabaPayload } from './waba.parse.js';
import { reactWaba, sendWaba } from './waba.send.js';
import { wabaTemplates } from './templates/template-port.js';

async function parse(platform: Platform, channel: ChannelRow, payload: unknown): Promise<InboundEvent[]> {
  const config = wabaConfigOf(channel);
  if (!config) return [];
  const events: InboundEvent[] = [];
  // A person's call: rejected and answered when the company says so (waba.calls.ts).
  for (const call of parseWabaCalls(payload, config.phoneNumberId)) await answerWabaCall(platform, channel, config, call);
  for (const parsed of parseWabaPayload(payload, config.phoneNumberId)) {
    if (parsed.event.kind === 'message' && 'media' in parsed && parsed.media) {
      // A failed download throws: the job retries the payload, and dedupe keeps what was stored.
      events.push({ ...parsed.event, media: await downloadMedia(platform, channel, parsed.media) });
    } else events.push(parsed.event);
  }
  return events;
}

/** The outbox sends a template message (POST /messages/template/{ticketId}) as its template. */
async function withTemplate(platform: Platform, channel: ChannelRow, msg: OutboundMessage): Promise<OutboundMessage> {
  if (msg.template || msg.interactive) return msg;
  const row = await withTenant(platform.db, channel.tenantId, (scope) =>
    scope.first(whatsappTemplateSends, eq(whatsappTemplateSends.messageId, msg.messageId)),
  );
  return row ? { ...msg, template: { name: row.name, language: row.language, components: row.components } } : msg;
}

export const wabaAdapter: ChannelAdapter = {
  type: 'waba',
  // SPEC §9: up to 100 MB in the message input, which is also WhatsApp's document limit; smaller
  // per-type limits (5 MB images, 16 MB video) make the adapter send the file as a document.
  // Reactions only: the Cloud API neither edits nor deletes a sent message.
  capabilities: { media: true, reactions: true, edit: false, delete: false, windowHours: 24, maxFileBytes: LIMITS.messageInput },
  async send(platform, channel, message) {
    return sendWaba(platform, channel, await withTemplate(platform, channel, message));
  },
  react: reactWaba,
  templates: wabaTemplates,
  parse,
  /** Checks the token against the phone number and keeps its display number. */
  async connect(ctx) {
    const config = wabaConfigOf(ctx.channel);
    if (!config || !ctx.channel.token) throw new AppError('ERR_CHANNEL_TOKEN_INVALID');
    try {
      const info = await graphJson<{ display_phone_number?: string }>(
        ctx.platform,
        ctx.channel,
        'GET',
        `/${config.phoneNumberId}?fields=display_phone_number,verified_name`,
      );
      await ctx.report({ status: 'CONNECTED', number: (info.display_phone_number ?? '').replace(/\D/g, '') });
    } catch (err) {
      await ctx.report({ status: 'DISCONNECTED' });
      if (err instanceof GraphError && err.httpStatus >= 400 && err.httpStatus < 500) throw new AppError('ERR_CHANNEL_TOKEN_INVALID');
      throw err;
    }
  },
};

registerChannelAdapter(wabaAdapter);
