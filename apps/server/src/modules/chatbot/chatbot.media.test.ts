/**
 * A flow's media interaction on a real server: the bot fetches the file from the flow's URL (a
 * local stand-in of the company's file host), stores it, and the outbox sends the file itself
 * with its caption through the channel's media send (a stand-in adapter), as agents' attachments
 * go. A file that cannot be had goes out as caption and link.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { fakeAdapter, inbound, makeChannel, phone, until } from '../messages/messages.test-support.js';
import { botSays, makeFlow, makeQueue, setHours } from './chatbot.test-support.js';
import { cond, flowOf, text } from './engine/engine.test-support.js';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const fake = fakeAdapter('telegram');
registerChannelAdapter(fake.adapter);

let h: Harness;
let host: http.Server;
let base = '';
const hits: string[] = [];

beforeAll(async () => {
  host = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/cardapio.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else if (req.url === '/pagina.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<html><script>x</script></html>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  host.closeAllConnections();
  await new Promise((r) => host.close(r));
});

const media = (mediaUrl: string, caption: string, name = '') => ({
  id: `m-${mediaUrl.length}-${caption.length}`,
  type: 'MediaField',
  data: { mediaUrl, caption, name, type: 'image', ext: 'png' },
});

async function flowChannel(c: Company, interactions: unknown[]) {
  const q = await makeQueue(h, c);
  const flow = await makeFlow(h, c, flowOf([{ id: 's1', interactions, conditions: [cond('US', [], 1, { queueId: q.id })] }]));
  return makeChannel(h, c, { chatFlowId: flow.id });
}

describe('a media interaction', () => {
  it('sends the stored file with its caption through the channel media send, fetched once for every customer', async () => {
    const c = await h.company();
    await setHours(h, c, 'O');
    const channel = await flowChannel(c, [text('Olá!'), media(`${base}/cardapio.png`, 'Nosso cardápio, {{name}}', 'cardapio.png')]);
    const before = hits.length;
    const tickets: number[] = [];
    for (const name of ['Rita', 'Caio']) {
      tickets.push((await inbound(h, c, channel, { from: { number: phone(), name }, body: 'oi' })).ticketId!);
    }
    for (const [i, id] of tickets.entries()) {
      const said = await until(() => botSays(h, c, id), (m) => m.length >= 2 && m.every((x) => x.status === 'sent'));
      expect(said.map((m) => [m.body, m.mediaType, m.mimeType, m.mediaName, m.status])).toEqual([
        ['Olá!', 'chat', null, null, 'sent'],
        [`Nosso cardápio, ${i === 0 ? 'Rita' : 'Caio'}`, 'image', 'image/png', 'cardapio.png', 'sent'],
      ]);
      const out = fake.sent.find((m) => m.messageId === said[1]!.id)!;
      expect(out.body).toBe(said[1]!.body);
      expect(out.media).toMatchObject({ mimeType: 'image/png', fileName: 'cardapio.png' });
      expect(readFileSync(out.media!.path).equals(PNG)).toBe(true);
    }
    // One stored copy serves every customer of the flow.
    expect(hits.slice(before).filter((u) => u === '/cardapio.png')).toHaveLength(1);
  });

  it('a file that cannot be had (missing, or a type uploads refuse) goes out as its caption and link', async () => {
    const c = await h.company();
    await setHours(h, c, 'O');
    const channel = await flowChannel(c, [media(`${base}/sumiu.png`, 'Foto'), media(`${base}/pagina.html`, 'Página')]);
    const id = (await inbound(h, c, channel, { from: { number: phone() }, body: 'oi' })).ticketId!;
    const said = await until(() => botSays(h, c, id), (m) => m.length >= 2 && m.every((x) => x.status === 'sent'));
    expect(said.map((m) => [m.body, m.mediaType, m.mediaKey])).toEqual([
      [`Foto\n${base}/sumiu.png`, 'chat', null],
      [`Página\n${base}/pagina.html`, 'chat', null],
    ]);
    expect(fake.sent.filter((m) => said.some((s) => s.id === m.messageId)).every((m) => !m.media)).toBe(true);
  });
});
