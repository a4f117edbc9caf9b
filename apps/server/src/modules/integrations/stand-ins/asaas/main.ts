/**
 * Developer sandbox: the Asaas payments API stand-in on loopback (customers and payments of
 * data.ts). Create a payment-slip integration with the printed URL and key (model `asaas`), or
 * the contract URL (model `contract`); start Prosa with WEBHOOK_ALLOW_PRIVATE=true to reach
 * loopback. Every call is printed.
 *
 *   npx tsx apps/server/src/modules/integrations/stand-ins/asaas/main.ts [--port <port>] [--key <key>]
 */
import { CNPJ_WITHOUT_SLIPS, CPF_WITH_SLIPS } from './data.js';
import { startAsaasStandIn } from './stand-in.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const standIn = await startAsaasStandIn({ port: arg('port') ? Number(arg('port')) : undefined, apiKey: arg('key') });
console.log(`Asaas API stand-in: ${standIn.url}  (model asaas)`);
console.log(`slip contract:      ${standIn.contractUrl}  (model contract)`);
console.log(`API key: ${standIn.apiKey}`);
console.log(`CPF with a pending and an overdue slip: ${CPF_WITH_SLIPS}; CNPJ with none: ${CNPJ_WITHOUT_SLIPS}`);
console.log('Ctrl+C to stop');

let seen = 0;
setInterval(() => {
  for (const r of standIn.requests().slice(seen))
    console.log(`${r.method} ${r.path} ${new URLSearchParams(r.query).toString()}`);
  seen = standIn.requests().length;
}, 500).unref();

const stop = async () => {
  await standIn.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
