/**
 * Developer sandbox: a Telegram Bot API stand-in on loopback. Point Prosa at it with
 * TELEGRAM_API_ROOT=<url>, create a Telegram channel with the printed token, then type
 * `<chatId> <text>` lines here to write to the bot as a user. What the bot sends is printed.
 *
 *   npx tsx apps/server/src/channels/telegram/stand-in/main.ts [--token <token>] [--port <port>]
 */
import { createInterface } from 'node:readline';
import { startTelegramStandIn } from './stand-in.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const standIn = await startTelegramStandIn({
  token: arg('token'),
  port: arg('port') ? Number(arg('port')) : undefined,
});
console.log(`Telegram Bot API stand-in: ${standIn.url}`);
console.log(`bot token: ${standIn.token}  (@${standIn.bot.username})`);
console.log('type "<chatId> <text>" to write to the bot as that user; Ctrl+C to stop');

let seen = 0;
setInterval(() => {
  for (const s of standIn.sent().slice(seen)) {
    const what =
      s.text ?? `[${s.method}${s.file ? ` ${s.file.fileName} ${s.file.data.length} bytes` : ''}] ${s.caption ?? ''}`;
    console.log(`bot -> ${s.chatId}: ${what}${s.replyTo ? ` (reply to ${s.replyTo})` : ''}`);
  }
  seen = standIn.sent().length;
}, 500).unref();

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const m = /^\s*(-?\d+)\s+(.+)$/.exec(line);
  if (!m) return console.log('usage: <chatId> <text>');
  void standIn.userSends({ chatId: Number(m[1]), text: m[2]! }).then((r) => {
    const hook = r.webhookStatus !== undefined ? ` webhook answered ${r.webhookStatus}` : ' queued for getUpdates';
    console.log(`update ${String(r.update.update_id)}:${hook}`);
  });
});
const stop = async () => {
  rl.close();
  await standIn.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
