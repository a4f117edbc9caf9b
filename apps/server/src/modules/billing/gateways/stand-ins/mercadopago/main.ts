/**
 * Developer sandbox: the Mercado Pago payments API stand-in on loopback. Start Prosa with
 * MERCADOPAGO_API_URL=<the printed URL>, pick Mercado Pago in platform settings with the printed
 * access token and webhook secret; "Pay" on /financeiro then shows the stand-in's Pix. Approve a
 * payment on its page (the printed ticket URL) or type `approve <id>` here: the signed webhook
 * goes to Prosa and the invoice is paid.
 *
 *   npx tsx apps/server/src/modules/billing/gateways/stand-ins/mercadopago/main.ts \
 *     [--port <port>] [--token <TEST-...>] [--secret <hex>] [--prosa http://localhost:3000]
 */
import { createInterface } from 'node:readline';
import { startMercadoPagoStandIn } from './stand-in.js';
import { arg, echoRequests, stopOnSignals } from '../http.js';

const prosa = (arg('prosa') ?? 'http://localhost:3000').replace(/\/+$/, '');
const standIn = await startMercadoPagoStandIn({
  port: arg('port') ? Number(arg('port')) : undefined,
  accessToken: arg('token'),
  webhookSecret: arg('secret'),
  webhookUrl: `${prosa}/subscription/payment/webhook/mercadopago`,
});
console.log(`Mercado Pago API stand-in: ${standIn.url}  (MERCADOPAGO_API_URL)`);
console.log(`access token:   ${standIn.accessToken}`);
console.log(`webhook secret: ${standIn.webhookSecret}`);
console.log(`webhooks to:    ${standIn.webhookUrl}`);
console.log('type "approve <payment id>" to pay one; Ctrl+C to stop');

echoRequests(() => standIn.requests());

createInterface({ input: process.stdin }).on('line', (line) => {
  const m = /^approve\s+(\d+)$/.exec(line.trim());
  if (!m) return;
  standIn
    .approve(m[1]!)
    .then((status) =>
      console.log(`payment ${m[1]} approved; webhook answered ${status ?? 'nothing (Prosa unreachable)'}`),
    )
    .catch((err: Error) => console.log(err.message));
});

stopOnSignals(() => standIn.close());
