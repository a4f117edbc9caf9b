/**
 * Developer sandbox: a WhatsApp Cloud API stand-in on 127.0.0.1.
 *
 *   npx tsx apps/server/src/channels/waba/stand-in/main.ts
 *
 * Start Prosa with GRAPH_API_URL set to the printed URL, create a WhatsApp Cloud API channel with
 * the printed token and ids, then type `webhook <Prosa's webhook URL of the channel>` here and play
 * the customer: `say 5511999990001 Olá!`, `call 5511999990001` (then `calls`: rejected or ringing). Settings can be fixed with WABA_TOKEN, WABA_PHONE_ID,
 * WABA_ID, WABA_APP_SECRET, WABA_WEBHOOK_URL and WABA_PORT.
 */
import { createInterface } from 'node:readline';
import { startWabaStandIn } from './stand-in.js';

const env = process.env;
const standIn = await startWabaStandIn({
  ...(env.WABA_TOKEN ? { accessToken: env.WABA_TOKEN } : {}),
  ...(env.WABA_PHONE_ID ? { phoneNumberId: env.WABA_PHONE_ID } : {}),
  ...(env.WABA_ID ? { wabaId: env.WABA_ID } : {}),
  ...(env.WABA_APP_SECRET ? { appSecret: env.WABA_APP_SECRET } : {}),
  ...(env.WABA_WEBHOOK_URL ? { webhookUrl: env.WABA_WEBHOOK_URL } : {}),
  ...(env.WABA_PORT ? { port: Number(env.WABA_PORT) } : {}),
});
standIn.setTemplates([
  {
    id: '1000000000000001',
    name: 'boas_vindas',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} está a caminho.' }],
  },
]);

console.log(`WhatsApp Cloud API stand-in
  GRAPH_API_URL   ${standIn.url}
  access token    ${standIn.accessToken}
  phoneNumberId   ${standIn.phoneNumberId}
  wabaId          ${standIn.wabaId}
  appSecret       ${standIn.appSecret}
Commands: webhook <url> | verify <verifyToken> | say <from> <text> | status <wamid> delivered|read|failed
          call <from> | calls | sent | fail <n> <httpStatus> [graphCode] | quit`);

const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  const [cmd, a = '', ...rest] = line.trim().split(/\s+/);
  try {
    if (cmd === 'webhook') standIn.setWebhook(a);
    else if (cmd === 'verify') console.log(await standIn.verifyWebhook(a));
    else if (cmd === 'say')
      console.log(await standIn.userSends({ from: a, name: `Cliente ${a.slice(-4)}`, text: rest.join(' ') }));
    else if (cmd === 'call') console.log(await standIn.userCalls({ from: a, name: `Cliente ${a.slice(-4)}` }));
    else if (cmd === 'calls') for (const c of standIn.voiceCalls()) console.log(c.id, c.from, c.state, JSON.stringify(c.actions));
    else if (cmd === 'status') console.log(await standIn.status(a, (rest[0] ?? 'delivered') as 'delivered'));
    else if (cmd === 'sent')
      for (const s of standIn.sent())
        console.log(
          s.id,
          s.to,
          s.type,
          JSON.stringify(s.payload[s.type]),
          s.media ? `${s.media.data.length} bytes` : '',
        );
    else if (cmd === 'fail') standIn.failNext(Number(a), Number(rest[0] ?? 500), rest[1] ? Number(rest[1]) : undefined);
    else if (cmd === 'quit') break;
    else if (cmd) console.log('unknown command');
  } catch (err) {
    console.log('error:', (err as Error).message);
  }
}
await standIn.close();
rl.close();
