/**
 * Developer sandbox: an OpenAI-compatible API stand-in on loopback. Create an integration of an
 * OpenAI-family type with the printed URL and key (the server needs WEBHOOK_ALLOW_PRIVATE=true to
 * reach loopback), put it on a queue, and write to that queue as a customer: the stand-in echoes
 * the system prompt and the message, and hands over when the customer asks for a person
 * ("atendente", "humano", "human", "agent"...). Each call received is printed here.
 *
 *   npx tsx apps/server/src/modules/integrations/stand-ins/openai/main.ts [--key <apiKey>] [--port <port>]
 *
 * Type `fail <status> [n]`, `hang [n]` or `empty [n]` to make the next calls fail, hang or answer empty.
 */
import { createInterface } from 'node:readline';
import { startOpenAiStandIn } from './stand-in.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const standIn = await startOpenAiStandIn({ apiKey: arg('key'), port: arg('port') ? Number(arg('port')) : undefined });
console.log(`OpenAI-compatible API stand-in: ${standIn.url}`);
console.log(`API key: ${standIn.apiKey}`);
console.log('type "fail <status> [n]", "hang [n]" or "empty [n]"; Ctrl+C to stop');

let seen = 0;
setInterval(() => {
  for (const r of standIn.requests.slice(seen)) {
    const what = r.body.model ? ` model=${String(r.body.model)}` : '';
    console.log(`${r.method} ${r.path}${what}`);
  }
  seen = standIn.requests.length;
}, 500).unref();

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const [cmd, a, b] = line.trim().split(/\s+/);
  const n = (s: string | undefined) => (s ? Number(s) : 1);
  if (cmd === 'fail' && a) return standIn.failNext(n(b), Number(a));
  if (cmd === 'hang') return standIn.hangNext(n(a));
  if (cmd === 'empty') return standIn.emptyNext(n(a));
  console.log('usage: fail <status> [n] | hang [n] | empty [n]');
});
const stop = async () => {
  rl.close();
  await standIn.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
