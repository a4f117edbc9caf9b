/**
 * N8N / webhook (DOMAIN.md "Integrations"): one POST per customer message while the ticket is
 * with the integration, carrying the message, the ticket, the contact and the channel; signed like
 * the channel webhooks (channel-webhooks/post-signed.ts: `X-Prosa-Signature: sha256=<HMAC>` with
 * the integration's signing secret, SSRF guard, timeout), with `X-N8N-API-KEY` when the integration
 * has a key (n8n's header-auth convention, https://docs.n8n.io/integrations/builtin/credentials/httprequest/).
 * It answers nothing: the workflow replies through the external API. A failure worth retrying
 * (network, 408/429/5xx) throws RetryableIntegrationError, and the turn job retries with backoff;
 * the delivery id is the message id, so a receiver can drop a repeat.
 */
import { postSigned, type PostOutcome } from '../../channel-webhooks/post-signed.js';
import { RetryableIntegrationError, type IntegrationConfig, type IntegrationDriver, type TurnContext } from './driver.js';

export const N8N_EVENT = 'integration.message';

function headersOf(cfg: IntegrationConfig): Record<string, string> {
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
    const result = await postSigned({
      url: cfg.url,
      secret: cfg.signingSecret ?? '',
      body: JSON.stringify(n8nPayload(cfg, ctx)),
      event: N8N_EVENT,
      deliveryId: ctx.message.id,
      allowPrivate: ctx.allowPrivate,
      now: ctx.now,
      headers: headersOf(cfg),
      signal: ctx.signal,
    });
    if (result.ok) return { replies: [], state: { lastStatus: result.status } };
    if (result.retryable) throw new RetryableIntegrationError(describe(result));
    throw new Error(describe(result));
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
      headers: headersOf(cfg),
      signal,
    });
    return { ok: result.ok, status: result.status, detail: describe(result) };
  },
};
