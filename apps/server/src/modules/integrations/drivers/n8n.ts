/**
 * N8N / webhook (DOMAIN.md "Integrations"): one POST per customer message while the ticket is
 * with the integration, carrying the message, the ticket, the contact and the channel. A turn only
 * names the post (`webhook` in its result): the turn job records it as a row of
 * channel_webhook_deliveries in the transaction that marks the message handled, and the channel
 * webhooks' delivery job posts it like every channel webhook (channel-webhooks/deliver-webhook.ts:
 * `X-Prosa-Signature: sha256=<HMAC>` with the integration's signing secret, `X-Prosa-Delivery` the
 * row's id, the same on a retry, SSRF guard, timeout, backoff up to 8 attempts), with
 * `X-N8N-API-KEY` when the integration has a key (n8n's header-auth convention,
 * https://docs.n8n.io/integrations/builtin/credentials/httprequest/). It answers nothing: the
 * workflow replies through the external API. The "test" button posts a ping at once.
 */
import { postSigned, type PostOutcome } from '../../channel-webhooks/post-signed.js';
import type { IntegrationConfig, IntegrationDriver, TurnContext } from './driver.js';

export const N8N_EVENT = 'integration.message';

/** The headers of every post to the integration (the delivery job adds them too). */
export function n8nHeaders(cfg: Pick<IntegrationConfig, 'apiKey'>): Record<string, string> {
  return cfg.apiKey ? { 'x-n8n-api-key': cfg.apiKey } : {};
}

export function n8nPayload(cfg: IntegrationConfig, ctx: TurnContext) {
  return {
    event: N8N_EVENT,
    tenantId: ctx.tenantId,
    integration: { id: cfg.id, name: cfg.name },
    message: { id: ctx.message.id, body: ctx.message.body, mediaType: ctx.message.mediaType, mediaUrl: ctx.message.mediaUrl },
    ticket: { id: ctx.ticket.id, protocol: ctx.ticket.protocol, queueId: ctx.ticket.queueId, first: ctx.first },
    contact: ctx.contact,
    channel: { id: ctx.ticket.channelId },
    at: ctx.now.toISOString(),
  };
}

const describe = (r: PostOutcome) => (r.ok ? `HTTP ${r.status}` : r.error);

export const n8nDriver: IntegrationDriver = {
  type: 'n8n',
  async turn(cfg, ctx) {
    return { replies: [], webhook: { event: N8N_EVENT, payload: n8nPayload(cfg, ctx) } };
  },
  async test(cfg, signal, opts) {
    const now = new Date();
    const result = await postSigned({
      url: cfg.url,
      secret: cfg.signingSecret ?? '',
      body: JSON.stringify({ event: 'ping', integration: { id: cfg.id, name: cfg.name }, at: now.toISOString() }),
      event: 'ping',
      deliveryId: 0,
      allowPrivate: opts?.allowPrivate ?? false,
      now,
      headers: n8nHeaders(cfg),
      signal,
    });
    return { ok: result.ok, status: result.status, detail: describe(result) };
  },
};
