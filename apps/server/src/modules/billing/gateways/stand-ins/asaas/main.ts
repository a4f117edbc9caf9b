/**
 * Developer sandbox: the Asaas API stand-in on loopback. Start Prosa with ASAAS_API_URL=<the
 * printed URL>, pick Asaas in platform settings with the printed API key and webhook token; "Pay"
 * on /financeiro then opens the stand-in's payment-link page, whose "Pagar com Pix" pays and sends
 * the PAYMENT_RECEIVED event to Prosa. `pay <link id>` here does the same.
 *
 *   npx tsx apps/server/src/modules/billing/gateways/stand-ins/asaas/main.ts \
 *     [--port <port>] [--key <$aact_...>] [--token <webhook token>] [--prosa http://localhost:3000]
 */
import { createInterface } from 'node:readline';
import { startAsaasStandIn } from './stand-in.js';
import { arg, echoRequests, stopOnSignals } from '../http.js';

const prosa = (arg('prosa') ?? 'http://localhost:3000').replace(/\/+$/, '');
const standIn = await startAsaasStandIn({
  port: arg('port') ? Number(arg('port')) : undefined,
  apiKey: arg('key'),
  webhookToken: arg('token'),
  webhookUrl: `${prosa}/subscription/payment/webhook/asaas`,
});
console.log(`Asaas API stand-in: ${standIn.url}  (ASAAS_API_URL)`);
console.log(`API key:        ${standIn.apiKey}`);
console.log(`webhook token:  ${standIn.webhookToken}`);
console.log(`webhooks to:    ${standIn.webhookUrl}`);
console.log('type "pay <payment link id>" to pay one; Ctrl+C to stop');

echoRequests(() => standIn.requests());

createInterface({ input: process.stdin }).on('line', (line) => {
  const m = /^pay\s+(\d+)$/.exec(line.trim());
  if (!m) return;
  standIn
    .pay(m[1]!)
    .then(({ payment, status }) =>
      console.log(`${payment.id} received; webhook answered ${status ?? 'nothing (Prosa unreachable)'}`),
    )
    .catch((err: Error) => console.log(err.message));
});

stopOnSignals(() => standIn.close());
