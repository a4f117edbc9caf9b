/**
 * Developer sandbox: a Messenger + Instagram Graph API stand-in on 127.0.0.1.
 *
 *   npx tsx apps/server/src/channels/meta/stand-in/main.ts
 *
 * Start Prosa with GRAPH_API_URL set to the printed URL. In /sessoes, paste the printed user token
 * to list the page (POST /channels/meta/pages), create a Messenger or Instagram channel with the
 * printed app secret, then type `webhook page|instagram <Prosa's webhook URL of the channel>` here
 * and play the customer: `say page Olá!`, `say instagram Oi`, `comment page Quanto custa?`.
 * META_APP_SECRET and META_PORT fix those settings.
 */
import { createInterface } from 'node:readline';
import { startMetaStandIn, type MetaObject } from './stand-in.js';

const env = process.env;
const standIn = await startMetaStandIn({
  ...(env.META_APP_SECRET ? { appSecret: env.META_APP_SECRET } : {}),
  ...(env.META_PORT ? { port: Number(env.META_PORT) } : {}),
});
const page = standIn.pages[0]!;
const people: Partial<Record<MetaObject, string>> = {};

console.log(`Messenger / Instagram Graph API stand-in
  GRAPH_API_URL   ${standIn.url}
  app secret      ${standIn.appSecret}
  user token      ${standIn.userToken()}
  page            ${page.name} (${page.id}), page token ${page.accessToken}
  instagram       @${page.ig!.username} (${page.ig!.id})
Commands: webhook page|instagram <url> | verify page|instagram <verifyToken> | say page|instagram <text>
          comment page|instagram <text> | delivered <mid> | read | seen <mid> | sent | echo on|off
          fail <n> <httpStatus> [graphCode] [subcode] | quit`);

const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  const [cmd, a = '', ...rest] = line.trim().split(/\s+/);
  const object = (a === 'instagram' ? 'instagram' : 'page') as MetaObject;
  try {
    if (cmd === 'webhook') standIn.setWebhook(object, rest[0] ?? '');
    else if (cmd === 'verify') console.log(await standIn.verifyWebhook(object, rest[0] ?? ''));
    else if (cmd === 'say') {
      const r = await standIn.userSends({
        object,
        ...(people[object] ? { from: people[object] } : {}),
        name: 'Cliente Sandbox',
        text: rest.join(' '),
      });
      people[object] = r.from;
      console.log({ mid: r.mid, from: r.from, status: r.status });
    } else if (cmd === 'comment') {
      const r = await standIn.comment({
        object,
        ...(people[object] ? { from: people[object] } : {}),
        name: 'Cliente Sandbox',
        text: rest.join(' '),
      });
      people[object] = r.from;
      console.log({ commentId: r.commentId, status: r.status });
    } else if (cmd === 'delivered') console.log(await standIn.delivered(a));
    else if (cmd === 'read') console.log(await standIn.read());
    else if (cmd === 'seen') console.log(await standIn.seen(a));
    else if (cmd === 'echo') standIn.setAutoEcho(a === 'on');
    else if (cmd === 'sent')
      for (const s of standIn.sent())
        console.log(
          s.id,
          s.kind,
          s.object,
          s.recipient ?? s.commentId,
          s.text ?? '',
          s.attachment ? `${s.attachment.data.length} bytes` : '',
        );
    else if (cmd === 'fail')
      standIn.failNext(
        Number(a),
        Number(rest[0] ?? 500),
        rest[1] ? Number(rest[1]) : undefined,
        rest[2] ? Number(rest[2]) : undefined,
      );
    else if (cmd === 'quit') break;
    else if (cmd) console.log('unknown command');
  } catch (err) {
    console.log('error:', (err as Error).message);
  }
}
await standIn.close();
rl.close();
