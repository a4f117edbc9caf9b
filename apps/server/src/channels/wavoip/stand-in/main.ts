/**
 * Developer sandbox: a Wavoip stand-in on loopback (stand-in.ts). Start Prosa with
 * WAVOIP_URL=<url> WAVOIP_STORAGE_URL=<url>, register a call line with the token below and paste
 * the line's webhook URL with `--webhook`; then type `call <number>` to ring the agents' browsers,
 * or `answer|reject|end|unanswered|fail <call id>` to act as the peer.
 *
 *   npx tsx apps/server/src/channels/wavoip/stand-in/main.ts --token <token> --phone <line number>
 *     [--webhook <Prosa's webhook URL>] [--port <port>]
 */
import { createInterface } from 'node:readline';
import { PEER_ACTIONS, startWavoipStandIn, type PeerAction } from './stand-in.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const token = arg('token') ?? 'sandbox-device';
const standIn = await startWavoipStandIn({ port: arg('port') ? Number(arg('port')) : undefined });
standIn.device(token, { phone: arg('phone') ?? '5511999990000', webhookUrl: arg('webhook') ?? null });
console.log(`Wavoip stand-in: ${standIn.url}  (WAVOIP_URL and WAVOIP_STORAGE_URL)`);
console.log(`device token: ${token}`);
console.log('type "call <number>" or "<answer|reject|end|unanswered|fail|mute|unmute> <call id>"; Ctrl+C to stop');

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const [cmd, value] = line.trim().split(/\s+/);
  if (cmd === 'call' && value) {
    void standIn.incoming(token, value).then((c) => console.log(`ringing: ${c.id}`));
  } else if (cmd && value && PEER_ACTIONS.includes(cmd as PeerAction)) {
    standIn
      .drive(token, value, cmd as PeerAction)
      .then((c) => console.log(`${c.id}: ${c.status}`))
      .catch((err: Error) => console.log(err.message));
  } else console.log('usage: call <number> | <action> <call id>');
});
const stop = async () => {
  rl.close();
  await standIn.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
