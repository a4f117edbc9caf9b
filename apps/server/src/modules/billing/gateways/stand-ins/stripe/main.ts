/**
 * Developer sandbox: the Stripe Checkout API stand-in on loopback. Start Prosa with
 * STRIPE_API_URL=<the printed URL>, pick Stripe in platform settings with the printed secret key
 * and webhook secret; "Pay" on /financeiro then goes to the stand-in's checkout page, whose "Pay"
 * button completes the session, sends the signed `checkout.session.completed` to Prosa and comes
 * back to /financeiro. `complete <cs_test_...>` typed here does the same.
 *
 *   npx tsx apps/server/src/modules/billing/gateways/stand-ins/stripe/main.ts \
 *     [--port <port>] [--key <sk_test_...>] [--secret <whsec_...>] [--prosa http://localhost:3000]
 */
import { createInterface } from 'node:readline';
import { startStripeStandIn } from './stand-in.js';
import { arg, echoRequests, stopOnSignals } from '../http.js';

const prosa = (arg('prosa') ?? 'http://localhost:3000').replace(/\/+$/, '');
const standIn = await startStripeStandIn({
  port: arg('port') ? Number(arg('port')) : undefined,
  secretKey: arg('key'),
  webhookSecret: arg('secret'),
  webhookUrl: `${prosa}/subscription/payment/webhook/stripe`,
});
console.log(`Stripe API stand-in: ${standIn.url}  (STRIPE_API_URL)`);
console.log(`secret key:     ${standIn.secretKey}`);
console.log(`webhook secret: ${standIn.webhookSecret}`);
console.log(`webhooks to:    ${standIn.webhookUrl}`);
console.log('type "complete <session id>" to pay one; Ctrl+C to stop');

echoRequests(() => standIn.requests());

createInterface({ input: process.stdin }).on('line', (line) => {
  const m = /^complete\s+(cs_\w+)$/.exec(line.trim());
  if (!m) return;
  standIn
    .complete(m[1]!)
    .then((status) => console.log(`session ${m[1]} paid; webhook answered ${status ?? 'nothing (Prosa unreachable)'}`))
    .catch((err: Error) => console.log(err.message));
});

stopOnSignals(() => standIn.close());
