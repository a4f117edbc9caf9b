/**
 * Developer sandbox: the Owen API stand-in on loopback. Start Prosa with OWEN_API_URL=<the printed
 * URL>, pick Owen in platform settings with the printed user, password and secret key, and a
 * webhook token of your own (give the same one here with --token); "Pay" on /financeiro then shows
 * the stand-in's Pix QR, and `pay <qrcodeId>` here pays it and posts the webhook to Prosa.
 *
 *   npx tsx apps/server/src/modules/billing/gateways/stand-ins/owen/main.ts \
 *     [--port <port>] [--token <webhook token>] [--prosa http://localhost:3000]
 */
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { startOwenStandIn } from './stand-in.js';
import { arg, echoRequests, stopOnSignals } from '../http.js';

const prosa = (arg('prosa') ?? 'http://localhost:3000').replace(/\/+$/, '');
const token = arg('token') ?? randomBytes(24).toString('hex');
const standIn = await startOwenStandIn({
  port: arg('port') ? Number(arg('port')) : undefined,
  webhookUrl: `${prosa}/subscription/payment/webhook/owen?token=${encodeURIComponent(token)}`,
});
console.log(`Owen API stand-in: ${standIn.url}  (OWEN_API_URL)`);
console.log(`user (CNPJ):     ${standIn.user}`);
console.log(`password:        ${standIn.password}`);
console.log(`secret key:      ${standIn.secretKey}`);
console.log(`webhook token:   ${token}`);
console.log(`webhooks to:     ${standIn.webhookUrl}`);
console.log('type "pay <qrcodeId>" to pay one; Ctrl+C to stop');

echoRequests(() => standIn.requests());

createInterface({ input: process.stdin }).on('line', (line) => {
  const m = /^pay\s+([A-Za-z0-9-]+)$/.exec(line.trim());
  if (!m) return;
  standIn
    .pay(m[1]!)
    .then((status) => console.log(`${m[1]} approved; webhook answered ${status ?? 'nothing (Prosa unreachable)'}`))
    .catch((err: Error) => console.log(err.message));
});

stopOnSignals(() => standIn.close());
