/**
 * Developer sandbox: the EFI Pix API stand-in on loopback, over mutual TLS like EFI. Start Prosa
 * with EFI_API_URL=<the printed URL> and EFI_API_CA=<the printed CA file>; pick EFI in platform
 * settings with the printed client id and secret, the certificate (upload the printed client.p12)
 * a Pix key and the printed webhook secret. "Pay" on /financeiro then shows the stand-in's Pix;
 * `pay <txid>` here settles it and posts the webhook to Prosa.
 *
 *   npx tsx apps/server/src/modules/billing/gateways/stand-ins/efi/main.ts \
 *     [--port <port>] [--secret <webhook secret>] [--prosa http://localhost:3000]
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { startEfiStandIn } from './stand-in.js';
import { arg, echoRequests, stopOnSignals } from '../http.js';

const prosa = (arg('prosa') ?? 'http://localhost:3000').replace(/\/+$/, '');
const secret = arg('secret') ?? randomBytes(16).toString('hex');
const standIn = await startEfiStandIn({
  port: arg('port') ? Number(arg('port')) : undefined,
  webhookUrl: `${prosa}/subscription/payment/webhook/efi?hmac=${secret}&ignorar=`,
});
const file = (name: string) => fileURLToPath(new URL(`./certs/${name}`, import.meta.url));
console.log(`EFI Pix API stand-in: ${standIn.url}  (EFI_API_URL)`);
console.log(`its CA:          ${file('ca.pem')}  (EFI_API_CA)`);
console.log(`client id:       ${standIn.clientId}`);
console.log(`client secret:   ${standIn.clientSecret}`);
console.log(`certificate:     ${file('client.p12')}  (or client.pem + client.key as PEM)`);
console.log(`webhook secret:  ${secret}`);
console.log(`webhooks to:     ${standIn.webhookUrl}`);
console.log('type "pay <txid>" to pay a charge; Ctrl+C to stop');

echoRequests(() => standIn.requests());

createInterface({ input: process.stdin }).on('line', (line) => {
  const m = /^pay\s+([a-zA-Z0-9]{26,35})$/.exec(line.trim());
  if (!m) return;
  standIn
    .pay(m[1]!)
    .then((status) => console.log(`charge ${m[1]} paid; webhook answered ${status ?? 'nothing (Prosa unreachable)'}`))
    .catch((err: Error) => console.log(err.message));
});

stopOnSignals(() => standIn.close());
