/**
 * The Wavoip stand-in's device socket, driven with socket.io-client as the SDK opens it
 * (@wavoip/wavoip-api@2.6.3 dist/index.es.js `ku()`: path `/{token}/websocket`, websocket only,
 * `auth: {version: 'official', platform}`), and its webhook emitter and storage.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWavoipStandIn, type WavoipStandIn } from './stand-in.js';
import { answerFor } from './sdp.js';

let s: WavoipStandIn;
const received: Record<string, unknown>[] = [];
let hookUrl = '';
const hook = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
    res.end('{"ok":true}');
  });
});
const sockets: Socket[] = [];

beforeAll(async () => {
  s = await startWavoipStandIn();
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  for (const so of sockets) so.close();
  await s.close();
  await new Promise((r) => hook.close(r));
});

function open(token: string): Socket {
  const so = connect(s.url, {
    transports: ['websocket'],
    path: `/${token}/websocket`,
    auth: { version: 'official', platform: 'prosa-test' },
    reconnection: false,
  });
  sockets.push(so);
  return so;
}
const once = <T extends unknown[]>(so: Socket, event: string) =>
  new Promise<T>((resolve) => so.once(event, (...args: unknown[]) => resolve(args as T)));
const emitAck = <T>(so: Socket, event: string, ...args: unknown[]) =>
  new Promise<T>((resolve) => so.emit(event, ...args, (answer: T) => resolve(answer)));
type Answer = { type: 'success' | 'error'; result: unknown };

const OFFER = [
  'v=0',
  'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 0',
  'c=IN IP4 0.0.0.0',
  'a=ice-ufrag:abcd',
  'a=ice-pwd:0123456789abcdef012345',
  'a=fingerprint:sha-256 AA:BB',
  'a=setup:actpass',
  'a=mid:0',
  'a=sendrecv',
  'a=rtcp-mux',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:0 PCMU/8000',
  'a=candidate:1 1 udp 2122260223 192.168.0.2 50000 typ host',
  '',
].join('\r\n');

describe('Wavoip stand-in', () => {
  it('refuses a token it does not know with connect_error', async () => {
    const so = open('nobody-here');
    const [err] = await once<[Error]>(so, 'connect_error');
    expect(err.message).toBe('Invalid device token');
  });

  it('greets a device socket with device:init (open, OFFICIAL, the line)', async () => {
    s.device('dev-init', { phone: '+55 11 99999-0001' });
    const so = open('dev-init');
    const args = await once<unknown[]>(so, 'device:init');
    expect(args).toEqual(['open', 'OFFICIAL', { phone: '5511999990001' }, null, false, null, 0]);
  });

  it('an outgoing call: start acks {id, peer}, rings, the peer answers with SDP, the browser ends; webhooks in order', async () => {
    s.device('dev-out', { phone: '5511999990002', webhookUrl: hookUrl });
    const so = open('dev-out');
    await once(so, 'device:init');
    const ringing = once<[string]>(so, 'call:ringing');
    const started = await emitAck<Answer>(so, 'call.start', '+55 11 98888-7777', { type: 'webRTC', sdp: OFFER });
    expect(started.type).toBe('success');
    const { id, peer } = started.result as { id: string; peer: { phone: string } };
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(peer.phone).toBe('5511988887777');
    expect(await ringing).toEqual([id]);

    const answered = once<[string, { type: string; sdp: string }]>(so, 'call:answered');
    await s.drive('dev-out', id, 'answer');
    const [answeredId, media] = await answered;
    expect(answeredId).toBe(id);
    expect(media.type).toBe('webRTC');
    expect(media.sdp).toContain('a=mid:0');
    expect(media.sdp).toContain('a=rtpmap:111 opus/48000/2');
    expect(media.sdp).toContain('a=setup:active');
    expect(media.sdp).not.toContain('a=ice-ufrag:abcd');
    expect(media.sdp).not.toContain('a=candidate');

    expect(await emitAck<Answer>(so, 'call.mute', id, true)).toEqual({ type: 'success', result: null });
    expect(await emitAck<Answer>(so, 'call.mute', id, false)).toEqual({ type: 'success', result: null });
    const ended = once<[string]>(so, 'call:ended');
    expect((await emitAck<Answer>(so, 'call.end', id)).type).toBe('success');
    expect(await ended).toEqual([id]);

    const call = s.calls('dev-out').find((c) => c.id === id)!;
    expect(call.signals.map((x) => [x.event, x.args.slice(1)])).toEqual([
      ['call.start', [{ type: 'webRTC', sdp: OFFER }]],
      ['call.mute', [true]],
      ['call.mute', [false]],
      ['call.end', []],
    ]);
    await s.flush();
    const mine = received.filter((b) => b.whatsapp_call_id === call.whatsappCallId);
    expect(mine.map((b) => [b.type, b.action, b.status ?? b.record_status])).toEqual([
      ['CALL', 'CREATE', 'OUTGOING_RING'],
      ['CALL', 'UPDATE', 'ACTIVE'],
      ['CALL', 'UPDATE', 'ENDED'],
      ['RECORD', 'UPDATE', 'READY'],
    ]);
    expect(mine[0]).toMatchObject({ direction: 'OUTCOMING', caller: '5511999990002', receiver: '5511988887777' });
    expect(mine[2]!.duration).toBeGreaterThanOrEqual(1);
    const recording = await fetch(mine[3]!.record_url as string);
    expect(recording.headers.get('content-type')).toBe('audio/wav');
    expect(
      Buffer.from(await recording.arrayBuffer())
        .subarray(0, 4)
        .toString('ascii'),
    ).toBe('RIFF');
  });

  it('acks the documented errors: a number not on WhatsApp, a busy line, the call limit', async () => {
    s.device('dev-err', { phone: '5511999990003', callLimit: 1 });
    const so = open('dev-err');
    await once(so, 'device:init');
    const media = { type: 'webRTC', sdp: OFFER };
    expect(await emitAck<Answer>(so, 'call.start', '5500000000000', media)).toEqual({
      type: 'error',
      result: 'Number does not exist',
    });
    expect((await emitAck<Answer>(so, 'call.start', '5511911110000', media)).type).toBe('success');
    expect(await emitAck<Answer>(so, 'call.start', '5511922220000', media)).toEqual({
      type: 'error',
      result: 'Call limit reached',
    });
    s.device('dev-err', { phone: '5511999990003', busy: true });
    expect(await emitAck<Answer>(so, 'call.start', '5511933330000', media)).toEqual({
      type: 'error',
      result: 'Line busy',
    });
    expect(s.signals('dev-err').map((x) => x.answer.result)).toEqual([
      'Number does not exist',
      'Call limit reached',
      'Line busy',
    ]);
  });

  it('an incoming call rings every socket of the device; one accepts, the other sees it accepted elsewhere', async () => {
    s.device('dev-in', { phone: '5511999990004', webhookUrl: hookUrl });
    const a = open('dev-in');
    const b = open('dev-in');
    await Promise.all([once(a, 'device:init'), once(b, 'device:init')]);
    // The SDK acks the offer at once (Device.onOffer).
    const offered = (so: Socket) =>
      new Promise<{ id: string; peer: { phone: string }; offer: { type: string; sdp: string } }>((resolve) =>
        so.once('call:offer', (offer, ack: () => void) => {
          ack();
          resolve(offer);
        }),
      );
    const [offerA, offerB, { id }] = await Promise.all([
      offered(a),
      offered(b),
      s.incoming('dev-in', '5521977776666', 'Ana'),
    ]);
    expect(offerA).toEqual(offerB);
    expect(offerA).toMatchObject({
      id,
      peer: { phone: '5521977776666', displayName: 'Ana' },
      offer: { type: 'webRTC' },
    });
    expect(offerA.offer.sdp).toMatch(/^v=0\r\n/);
    expect(offerA.offer.sdp).toContain('a=setup:actpass');

    const elsewhere = once<[string]>(b, 'call:accepted');
    const accepted = await emitAck<Answer>(a, 'call.accept', id, { type: 'webRTC', sdp: answerFor(offerA.offer.sdp) });
    expect(accepted.type).toBe('success');
    expect(await elsewhere).toEqual([id]);
    // B may not take it any more.
    expect((await emitAck<Answer>(b, 'call.accept', id, { type: 'webRTC', sdp: 'x' })).type).toBe('error');

    const peerMuted = once<[string, boolean]>(a, 'call:peer:muted');
    await s.drive('dev-in', id, 'mute');
    expect(await peerMuted).toEqual([id, true]);
    const ended = once<[string]>(a, 'call:ended');
    await s.drive('dev-in', id, 'end');
    expect(await ended).toEqual([id]);
    const call = s.calls('dev-in').find((c) => c.id === id)!;
    expect(call.offerAcks.sort()).toEqual([a.id, b.id].sort());
    expect(call.signals.map((x) => [x.socketId, x.event, x.answer.type])).toEqual([
      [a.id, 'call.accept', 'success'],
      [b.id, 'call.accept', 'error'],
    ]);
    expect(call).toMatchObject({ status: 'ENDED', direction: 'INCOMING' });
  });

  it('a rejected offer: the rejecting socket signals call.reject, the others see call:rejected', async () => {
    s.device('dev-rej', { phone: '5511999990005', webhookUrl: hookUrl });
    const a = open('dev-rej');
    const b = open('dev-rej');
    await Promise.all([once(a, 'device:init'), once(b, 'device:init')]);
    const offered = once<[{ id: string }, () => void]>(a, 'call:offer');
    const { id } = await s.incoming('dev-rej', '5531966665555');
    const [offer, ack] = await offered;
    ack();
    const elsewhere = once<[string]>(b, 'call:rejected');
    expect((await emitAck<Answer>(a, 'call.reject', offer.id)).type).toBe('success');
    expect(await elsewhere).toEqual([id]);
    await s.flush();
    const call = s.calls('dev-rej')[0]!;
    expect(received.filter((x) => x.whatsapp_call_id === call.whatsappCallId).map((x) => x.status)).toEqual([
      'INCOMING_RING',
      'REJECTED',
    ]);
    // No recording of a call never answered.
    expect((await fetch(`${s.url}/storage/${call.whatsappCallId}`)).status).toBe(404);
  });

  it('the control API over HTTP: register, ring, drive, list', async () => {
    const put = await fetch(`${s.url}/__standin/dev-http`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '5511999990006', webhookUrl: hookUrl }),
    });
    expect(await put.json()).toMatchObject({ token: 'dev-http', phone: '5511999990006' });
    const so = open('dev-http');
    await once(so, 'device:init');
    const unanswered = once<[string]>(so, 'call:unanswered');
    const rang = await fetch(`${s.url}/__standin/dev-http/incoming`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: '5541955554444' }),
    });
    const { id } = (await rang.json()) as { id: string };
    expect((await fetch(`${s.url}/__standin/dev-http/calls/${id}/unanswered`, { method: 'POST' })).status).toBe(200);
    expect(await unanswered).toEqual([id]);
    const listed = (await (await fetch(`${s.url}/__standin/dev-http/calls`)).json()) as {
      calls: { id: string; status: string }[];
    };
    expect(listed.calls).toMatchObject([{ id, status: 'NOT_ANSWERED' }]);
    expect((await fetch(`${s.url}/__standin/dev-http/calls/${id}/answer`, { method: 'POST' })).status).toBe(409);
  });
});
