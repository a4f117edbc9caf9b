/**
 * Developer sandbox: Typebot's chat API stand-in on loopback, running the scripted bots of
 * bots.ts (`prosa-demo`: greeting, image, 2 choices, a text input, the end; `prosa-menu`: 5
 * choices; `prosa-silent`: opens with an input; `prosa-handover`: the Chatwoot block). Create a
 * Typebot integration with the printed URL and one of those slugs (start Prosa with
 * WEBHOOK_ALLOW_PRIVATE=true to reach loopback). Every call is printed.
 *
 *   npx tsx apps/server/src/modules/integrations/stand-ins/typebot/main.ts [--port <port>]
 */
import { standInBots } from './bots.js';
import { startTypebotStandIn } from './stand-in.js';

const i = process.argv.indexOf('--port');
const standIn = await startTypebotStandIn({ port: i > 0 ? Number(process.argv[i + 1]) : undefined });
console.log(`Typebot API stand-in: ${standIn.url}`);
console.log(`bots (Typebot slug): ${standInBots.map((b) => b.publicId).join(', ')}`);
console.log('Ctrl+C to stop');

let seen = 0;
setInterval(() => {
  for (const r of standIn.requests().slice(seen)) console.log(`${r.path} ${JSON.stringify(r.body)}`);
  seen = standIn.requests().length;
}, 500).unref();

const stop = async () => {
  await standIn.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
