// SECURITY-CRITICAL: the public webhook of the payment gateways. Nothing is paid unless the
// gateway's adapter verifies the notification over the exact bytes received (raw body kept by
// useRawJsonBody, inside this plugin only) and the charge reads back paid from the gateway.
import { AVAILABLE_PAYMENT_GATEWAYS, ZOk } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { useRawJsonBody } from '../../platform/http/raw-body.js';
import { confirmGatewayPayment } from './commands/confirm-gateway-payment.js';

const ZParams = z.object({ gateway: z.enum(AVAILABLE_PAYMENT_GATEWAYS) });
/**
 * Mercado Pago names the payment in the query (`data.id`, `type`); its signature covers `data.id`.
 * EFI calls the URL the operator registered, `?hmac={secret}&ignorar=` (the secret proves the
 * caller; `ignorar` keeps EFI from appending `/pix` to the path); Owen's, `?token={token}` (its
 * webhook is unsigned: the operator's token in the URL proves the caller).
 */
const ZQuery = z.object({
  'data.id': z.string().max(100).optional(),
  type: z.string().max(100).optional(),
  topic: z.string().max(100).optional(),
  hmac: z.string().max(300).optional(),
  ignorar: z.string().max(10).optional(),
  token: z.string().max(300).optional(),
});

export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  useRawJsonBody(app);
  app.post(
    '/subscription/payment/webhook/:gateway',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['webhooks'],
        operationId: 'receivePaymentWebhook',
        summary: "Receive a payment gateway's notification (verified; pays the invoice of a paid charge once)",
        errors: ['ERR_WEBHOOK_SIGNATURE', 'ERR_PROVIDER_UNAVAILABLE'],
        params: ZParams,
        querystring: ZQuery,
        response: { 200: ZOk },
      },
    },
    async (req) => {
      await confirmGatewayPayment(app.platform, req.params.gateway, {
        headers: req.headers,
        rawBody: req.rawBody ?? Buffer.alloc(0),
        query: req.query,
      });
      return { ok: true as const };
    },
  );
};
