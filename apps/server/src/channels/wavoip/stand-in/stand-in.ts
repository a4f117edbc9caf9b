/**
 * A local stand-in of Wavoip (voice calls, issue 17) on loopback, for tests and as a sandbox:
 *
 * - the device socket, as the browser SDK speaks it (@wavoip/wavoip-api@2.6.3, MIT,
 *   dist/index.es.js: `ku()` opens Socket.IO at `path: /{token}/websocket`, `transports:
 *   ['websocket']`, `auth: {version: 'official', platform}`; the Device class listens to
 *   `device:init(status, callType, contact, qrCode, restricted, restrictedUntil, activeCalls)`,
 *   `device:open`, `device:close`, `device:connecting`, `device:calls`, `call:offer(offer, ack)`;
 *   the router `gu` to `call:ringing`, `call:answered(id, media)`, `call:accepted`,
 *   `call:rejected`, `call:unanswered`, `call:ended`, `call:failed(id, reason)`,
 *   `call:peer:muted(id, bool)`; the client emits `call.start(to, media, ack)` (ack
 *   `{type:'success', result:{id, peer}}` or `{type:'error', result}`), `call.accept(id, media,
 *   ack)`, `call.reject(id, ack)`, `call.end(id, ack)`, `call.cancel(id, ack)`, `call.mute(id,
 *   bool, ack)`). A token not registered here is refused (the client's `connect_error`);
 * - the control API (JSON) a test or the sandbox drives the peer with: `PUT /__standin/{token}`
 *   registers a device `{phone, webhookUrl, busy?, callLimit?}`; `POST
 *   /__standin/{token}/incoming {from, displayName?}` rings the device's sockets; `POST
 *   /__standin/{token}/calls/{id}/{answer|reject|end|unanswered|fail|mute|unmute}`; `GET
 *   /__standin/{token}/calls` lists the calls and what each socket signalled;
 * - the webhook emitter (https://wavoip.gitbook.io/api/webhook-beta): every state change POSTs
 *   the CALL event (CREATE, then UPDATEs with the duration it counted) to the device's webhook URL,
 *   in order, and after an answered call ends RECORD READY with `record_url =
 *   {stand-in}/storage/{whatsapp_call_id}`;
 * - the storage: `GET /storage/{whatsapp_call_id}` serves a small WAV.
 *
 * Deviations, on purpose: one HTTP server on loopback for all of it (Wavoip has devices.wavoip.com
 * and storage.wavoip.com); the documented CALL body names two fields `type` (the event `CALL` and
 * the call type): the stand-in sends `type: 'CALL'` and the call type as `call_type`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { answerFor, fixtureOffer } from './sdp.js';
import { toneWav } from './wav.js';

export type WavoipStatus =
  'INCOMING_RING' | 'OUTGOING_RING' | 'ACTIVE' | 'ENDED' | 'REJECTED' | 'NOT_ANSWERED' | 'FAILED';
export type PeerAction = 'answer' | 'reject' | 'end' | 'unanswered' | 'fail' | 'mute' | 'unmute';
export const PEER_ACTIONS: readonly PeerAction[] = ['answer', 'reject', 'end', 'unanswered', 'fail', 'mute', 'unmute'];

export interface DeviceOptions {
  /** The line's own number (device:init's contact). */
  phone: string;
  /** Where the CALL and RECORD events go; null sends none. */
  webhookUrl?: string | null;
  /** Every call.start acks 'Line busy'. */
  busy?: boolean;
  /** call.start acks 'Call limit reached' once this many calls are active or ringing. */
  callLimit?: number | null;
}

/** What a client socket sent (the tests assert accept, reject, end, mute were signalled). */
export interface Signal {
  socketId: string;
  event: string;
  callId: string | null;
  args: unknown[];
  /** The ack the stand-in answered. */
  answer: { type: 'success' | 'error'; result: unknown };
  at: string;
}

export interface StandInCall {
  id: string;
  whatsappCallId: number;
  token: string;
  direction: 'INCOMING' | 'OUTCOMING';
  peer: { phone: string; displayName: string; profilePicture: string };
  status: WavoipStatus;
  /** The browser's SDP (its offer for an outgoing call, its answer for an incoming one). */
  clientSdp: string | null;
  /** The peer's SDP (the fixture offer of an incoming call, the derived answer of an outgoing one). */
  peerSdp: string | null;
  muted: boolean;
  peerMuted: boolean;
  createdAt: string;
  answeredAt: string | null;
  endedAt: string | null;
  /** Seconds from answer to end (whole seconds, rounded up), 0 when never answered. */
  duration: number;
  /** Sockets that acked the offer (incoming calls). */
  offerAcks: string[];
  signals: Signal[];
}

export interface WebhookDelivery {
  url: string;
  body: Record<string, unknown>;
  /** The app's HTTP status, or null when the request failed. */
  status: number | null;
}

export interface WavoipStandIn {
  /** The device socket's and the storage's address (WAVOIP_URL and WAVOIP_STORAGE_URL). */
  url: string;
  close(): Promise<void>;
  /** Registers or changes a device. */
  device(token: string, opts: DeviceOptions): void;
  /** A WhatsApp user calls the device: `call:offer` to each of its sockets; CALL CREATE to the webhook. */
  incoming(token: string, from: string, displayName?: string): Promise<{ id: string }>;
  /** The peer's side of a call. */
  drive(token: string, id: string, action: PeerAction): Promise<StandInCall>;
  calls(token: string): StandInCall[];
  /** The device's signals that named no call of it (a refused call.start, an unknown id). */
  signals(token: string): Signal[];
  /** The webhook deliveries, in order. */
  deliveries(token: string): WebhookDelivery[];
  /** Sends a delivery again as it was (Wavoip retrying): its new status. */
  redeliver(token: string, index: number): Promise<number | null>;
  /** Resolves once every webhook queued so far was delivered. */
  flush(): Promise<void>;
}

export interface WavoipStandInOptions {
  port?: number;
  host?: string;
  /** Numbers not on WhatsApp: call.start to them acks 'Number does not exist'. */
  notOnWhatsApp?: string[];
}

interface Device extends DeviceOptions {
  token: string;
  calls: Map<string, StandInCall>;
  signals: Signal[];
  deliveries: WebhookDelivery[];
  /** The webhook queue: deliveries go out one after another, in order. */
  queue: Promise<void>;
}

type Ack = (answer: { type: 'success' | 'error'; result: unknown }) => void;

const digits = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).replace(/\D/g, '') : '');
const LIVE: WavoipStatus[] = ['INCOMING_RING', 'OUTGOING_RING', 'ACTIVE'];
const SOCKET_PATH = '/__wavoip/socket';
const DEVICE_SOCKET = /^\/([A-Za-z0-9_-]{1,200})\/websocket\/?(\?.*)?$/;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

export async function startWavoipStandIn(opts: WavoipStandInOptions = {}): Promise<WavoipStandIn> {
  const devices = new Map<string, Device>();
  const notOnWhatsApp = new Set((opts.notOnWhatsApp ?? ['5500000000000']).map(digits));
  const wav = toneWav();
  let url = '';

  const deviceOf = (token: string) => {
    const d = devices.get(token);
    if (!d) throw new StandInError(404, `unknown device ${token}`);
    return d;
  };
  const callOf = (d: Device, id: string) => {
    const c = d.calls.get(id);
    if (!c) throw new StandInError(404, `unknown call ${id}`);
    return c;
  };
  const activeCount = (d: Device) => [...d.calls.values()].filter((c) => LIVE.includes(c.status)).length;

  // ---- webhook emitter ------------------------------------------------------------------------
  const post = async (d: Device, body: Record<string, unknown>): Promise<number | null> => {
    try {
      const res = await fetch(d.webhookUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return null;
    }
  };
  const deliver = (d: Device, body: Record<string, unknown>) => {
    if (!d.webhookUrl) return;
    const url = d.webhookUrl;
    d.queue = d.queue.then(async () => {
      d.deliveries.push({ url, body, status: await post(d, body) });
    });
  };
  const callEvent = (d: Device, c: StandInCall, action: 'CREATE' | 'UPDATE') => {
    const line = d.phone;
    deliver(d, {
      type: 'CALL',
      action,
      whatsapp_call_id: c.whatsappCallId,
      id_session: sessionOf(d),
      caller: c.direction === 'INCOMING' ? c.peer.phone : line,
      receiver: c.direction === 'INCOMING' ? line : c.peer.phone,
      status: c.status,
      call_type: 'HUMANIZED',
      direction: c.direction,
      duration: c.duration,
      record_status: c.status === 'ACTIVE' ? 'RECORDING' : c.answeredAt && c.endedAt ? 'MIXING' : 'DISABLED',
    });
  };
  const recordReady = (d: Device, c: StandInCall) =>
    deliver(d, {
      type: 'RECORD',
      action: 'UPDATE',
      whatsapp_call_id: c.whatsappCallId,
      id_session: sessionOf(d),
      record_status: 'READY',
      record_url: `${url}/storage/${c.whatsappCallId}`,
    });
  const sessions = new Map<string, number>();
  const sessionOf = (d: Device) => {
    if (!sessions.has(d.token)) sessions.set(d.token, randomInt(1, 1_000_000));
    return sessions.get(d.token)!;
  };

  // ---- call state -----------------------------------------------------------------------------
  const room = (token: string) => `device:${token}`;
  const setStatus = (d: Device, c: StandInCall, status: WavoipStatus) => {
    c.status = status;
    const now = new Date();
    if (status === 'ACTIVE') c.answeredAt = now.toISOString();
    if (!LIVE.includes(status)) {
      c.endedAt = now.toISOString();
      // An answered call lasts at least a second: a test's peer may hang up within the millisecond
      // the call was answered (CI saw a duration of 0 for an answered call).
      c.duration = c.answeredAt ? Math.max(1, Math.ceil((now.getTime() - Date.parse(c.answeredAt)) / 1000)) : 0;
    }
    callEvent(d, c, 'UPDATE');
    if (status === 'ENDED' && c.answeredAt) recordReady(d, c);
    io.to(room(d.token)).emit('device:calls', activeCount(d));
  };
  const newCall = (d: Device, direction: StandInCall['direction'], phone: string, displayName: string): StandInCall => {
    const c: StandInCall = {
      id: randomBytes(16).toString('hex'),
      whatsappCallId: randomInt(1, 2 ** 47),
      token: d.token,
      direction,
      peer: { phone, displayName, profilePicture: '' },
      status: direction === 'INCOMING' ? 'INCOMING_RING' : 'OUTGOING_RING',
      clientSdp: null,
      peerSdp: null,
      muted: false,
      peerMuted: false,
      createdAt: new Date().toISOString(),
      answeredAt: null,
      endedAt: null,
      duration: 0,
      offerAcks: [],
      signals: [],
    };
    d.calls.set(c.id, c);
    callEvent(d, c, 'CREATE');
    return c;
  };

  // ---- control API and storage ----------------------------------------------------------------
  const control = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    try {
      const storage = /^\/storage\/(\d{1,20})$/.exec(path);
      if (storage && req.method === 'GET') {
        const known = [...devices.values()].some((d) =>
          [...d.calls.values()].some((c) => String(c.whatsappCallId) === storage[1] && c.answeredAt && c.endedAt),
        );
        if (!known) return json(res, 404, { error: 'not found' });
        res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(wav.length) });
        return res.end(wav);
      }
      const m = /^\/__standin\/([A-Za-z0-9_-]{1,200})(\/.*)?$/.exec(path);
      if (!m) return json(res, 404, { error: 'not found' });
      const token = m[1]!;
      const rest = m[2] ?? '';
      if (req.method === 'PUT' && rest === '') {
        const b = await readJson(req);
        api.device(token, {
          phone: digits(b.phone),
          webhookUrl: typeof b.webhookUrl === 'string' ? b.webhookUrl : null,
          busy: b.busy === true,
          callLimit: typeof b.callLimit === 'number' ? b.callLimit : null,
        });
        return json(res, 200, { token, ...publicDevice(deviceOf(token)) });
      }
      if (req.method === 'POST' && rest === '/incoming') {
        const b = await readJson(req);
        const from = digits(b.from);
        if (!from) return json(res, 400, { error: 'from is required' });
        return json(
          res,
          200,
          await api.incoming(token, from, typeof b.displayName === 'string' ? b.displayName : undefined),
        );
      }
      if (req.method === 'GET' && rest === '/calls')
        return json(res, 200, {
          calls: api.calls(token),
          signals: api.signals(token),
          deliveries: api.deliveries(token),
        });
      const drive = /^\/calls\/([0-9a-f]{32})\/([a-z]+)$/.exec(rest);
      if (req.method === 'POST' && drive) {
        const action = drive[2] as PeerAction;
        if (!PEER_ACTIONS.includes(action)) return json(res, 404, { error: `unknown action ${action}` });
        return json(res, 200, await api.drive(token, drive[1]!, action));
      }
      return json(res, 404, { error: 'not found' });
    } catch (err) {
      if (err instanceof StandInError) return json(res, err.status, { error: err.message });
      return json(res, 400, { error: (err as Error).message });
    }
  };

  const server = createServer((req, res) => void control(req, res));
  // The SDK's socket path names the device (`/{token}/websocket`); one Socket.IO server serves every
  // device: the upgrade's URL is rewritten to its path with the token as a query parameter.
  server.prependListener('upgrade', (req: IncomingMessage) => {
    const m = DEVICE_SOCKET.exec(req.url ?? '');
    if (!m) return;
    const query = new URLSearchParams((m[2] ?? '').replace(/^\?/, ''));
    query.set('device', m[1]!);
    req.url = `${SOCKET_PATH}/?${query.toString()}`;
  });
  const io = new Server(server, { path: SOCKET_PATH, transports: ['websocket'], serveClient: false });

  io.use((socket, next) => {
    const token = String(socket.handshake.query.device ?? '');
    if (!devices.has(token)) return next(new Error('Invalid device token'));
    next();
  });

  io.on('connection', (socket: Socket) => {
    const token = String(socket.handshake.query.device);
    const d = devices.get(token)!;
    void socket.join(room(token));
    socket.emit('device:init', 'open', 'OFFICIAL', { phone: d.phone }, null, false, null, activeCount(d));

    const signal = (event: string, callId: string | null, args: unknown[], answer: Signal['answer'], ack?: unknown) => {
      const s: Signal = { socketId: socket.id, event, callId, args, answer, at: new Date().toISOString() };
      const c = callId ? d.calls.get(callId) : undefined;
      (c ? c.signals : d.signals).push(s);
      if (typeof ack === 'function') (ack as Ack)(answer);
    };
    const ok = (result: unknown = null) => ({ type: 'success' as const, result });
    const error = (result: string) => ({ type: 'error' as const, result });
    const media = (v: unknown) =>
      typeof v === 'object' && v !== null && typeof (v as { sdp?: unknown }).sdp === 'string'
        ? (v as { sdp: string }).sdp
        : null;

    socket.on('call.start', (to: unknown, m: unknown, ack?: unknown) => {
      const phone = digits(to);
      const args = [to, m];
      if (!phone || notOnWhatsApp.has(phone))
        return signal('call.start', null, args, error('Number does not exist'), ack);
      if (d.busy) return signal('call.start', null, args, error('Line busy'), ack);
      if (d.callLimit != null && activeCount(d) >= d.callLimit)
        return signal('call.start', null, args, error('Call limit reached'), ack);
      const c = newCall(d, 'OUTCOMING', phone, phone);
      c.clientSdp = media(m);
      signal('call.start', c.id, args, ok({ id: c.id, peer: c.peer }), ack);
      socket.emit('call:ringing', c.id);
      io.to(room(token)).emit('device:calls', activeCount(d));
    });
    socket.on('call.accept', (id: unknown, m: unknown, ack?: unknown) => {
      const c = d.calls.get(String(id));
      if (!c || c.direction !== 'INCOMING' || c.status !== 'INCOMING_RING')
        return signal('call.accept', c?.id ?? null, [id, m], error('Call not found'), ack);
      c.clientSdp = media(m);
      signal('call.accept', c.id, [id, m], ok(), ack);
      setStatus(d, c, 'ACTIVE');
      // This socket holds the call; the device's other clients see it accepted elsewhere.
      io.to(room(token)).emit('call:accepted', c.id);
    });
    socket.on('call.reject', (id: unknown, ack?: unknown) => {
      const c = d.calls.get(String(id));
      if (!c || c.status !== 'INCOMING_RING')
        return signal('call.reject', c?.id ?? null, [id], error('Call not found'), ack);
      signal('call.reject', c.id, [id], ok(), ack);
      setStatus(d, c, 'REJECTED');
      socket.to(room(token)).emit('call:rejected', c.id);
    });
    socket.on('call.end', (id: unknown, ack?: unknown) => {
      const c = d.calls.get(String(id));
      if (!c || c.status !== 'ACTIVE') return signal('call.end', c?.id ?? null, [id], error('Call not active'), ack);
      signal('call.end', c.id, [id], ok(), ack);
      setStatus(d, c, 'ENDED');
      io.to(room(token)).emit('call:ended', c.id);
    });
    socket.on('call.cancel', (id: unknown, ack?: unknown) => {
      const c = d.calls.get(String(id));
      if (!c || c.status !== 'OUTGOING_RING')
        return signal('call.cancel', c?.id ?? null, [id], error('Call not found'), ack);
      signal('call.cancel', c.id, [id], ok(), ack);
      setStatus(d, c, 'NOT_ANSWERED');
      io.to(room(token)).emit('call:ended', c.id);
    });
    socket.on('call.mute', (id: unknown, muted: unknown, ack?: unknown) => {
      const c = d.calls.get(String(id));
      if (!c || c.status !== 'ACTIVE' || typeof muted !== 'boolean')
        return signal('call.mute', c?.id ?? null, [id, muted], error('Call not active'), ack);
      c.muted = muted;
      signal('call.mute', c.id, [id, muted], ok(), ack);
    });
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const addr = server.address() as AddressInfo;
  url = `http://${opts.host ?? '127.0.0.1'}:${addr.port}`;

  const api: WavoipStandIn = {
    url,
    async close() {
      await Promise.all([...devices.values()].map((d) => d.queue));
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      server.closeAllConnections();
    },
    device(token, o) {
      const d = devices.get(token);
      if (d) {
        Object.assign(d, {
          phone: digits(o.phone),
          webhookUrl: o.webhookUrl ?? null,
          busy: !!o.busy,
          callLimit: o.callLimit ?? null,
        });
        io.to(room(token)).emit('device:open', { phone: d.phone });
        return;
      }
      devices.set(token, {
        token,
        phone: digits(o.phone),
        webhookUrl: o.webhookUrl ?? null,
        busy: !!o.busy,
        callLimit: o.callLimit ?? null,
        calls: new Map(),
        signals: [],
        deliveries: [],
        queue: Promise.resolve(),
      });
    },
    async incoming(token, from, displayName) {
      const d = deviceOf(token);
      const c = newCall(d, 'INCOMING', digits(from), displayName ?? digits(from));
      c.peerSdp = fixtureOffer();
      const offer = { id: c.id, peer: c.peer, offer: { type: 'webRTC', sdp: c.peerSdp } };
      const sockets = await io.in(room(token)).fetchSockets();
      for (const s of sockets)
        s.timeout(10_000).emit('call:offer', offer, (err: unknown) => {
          if (!err) c.offerAcks.push(s.id);
        });
      io.to(room(token)).emit('device:calls', activeCount(d));
      return { id: c.id };
    },
    async drive(token, id, action) {
      const d = deviceOf(token);
      const c = callOf(d, id);
      const to = io.to(room(token));
      const live = LIVE.includes(c.status);
      const refuse = (why: string) => {
        throw new StandInError(409, `${action}: ${why} (call is ${c.status})`);
      };
      switch (action) {
        case 'answer':
          if (c.direction !== 'OUTCOMING' || c.status !== 'OUTGOING_RING') refuse('only a ringing outgoing call');
          c.peerSdp = c.clientSdp ? answerFor(c.clientSdp) : null;
          setStatus(d, c, 'ACTIVE');
          to.emit('call:answered', c.id, { type: 'webRTC', sdp: c.peerSdp });
          break;
        case 'reject':
          if (c.status !== 'OUTGOING_RING' && c.status !== 'INCOMING_RING') refuse('only a ringing call');
          setStatus(d, c, 'REJECTED');
          to.emit('call:rejected', c.id);
          break;
        case 'end':
          if (!live) refuse('the call is over');
          setStatus(d, c, c.status === 'ACTIVE' ? 'ENDED' : 'NOT_ANSWERED');
          to.emit('call:ended', c.id);
          break;
        case 'unanswered':
          if (c.status !== 'OUTGOING_RING' && c.status !== 'INCOMING_RING') refuse('only a ringing call');
          setStatus(d, c, 'NOT_ANSWERED');
          to.emit('call:unanswered', c.id);
          break;
        case 'fail':
          if (!live) refuse('the call is over');
          setStatus(d, c, 'FAILED');
          to.emit('call:failed', c.id, 'CONNECTION_TIMEOUT');
          break;
        case 'mute':
        case 'unmute':
          if (c.status !== 'ACTIVE') refuse('only an active call');
          c.peerMuted = action === 'mute';
          to.emit('call:peer:muted', c.id, c.peerMuted);
          break;
      }
      return c;
    },
    calls: (token) => [...deviceOf(token).calls.values()],
    signals: (token) => deviceOf(token).signals,
    deliveries: (token) => deviceOf(token).deliveries,
    async redeliver(token, index) {
      const d = deviceOf(token);
      const original = d.deliveries[index];
      if (!original) throw new StandInError(404, `no delivery ${index}`);
      let status: number | null = null;
      d.queue = d.queue.then(async () => {
        status = await post({ ...d, webhookUrl: original.url }, original.body);
        d.deliveries.push({ url: original.url, body: original.body, status });
      });
      await d.queue;
      return status;
    },
    async flush() {
      // A delivery may queue another (RECORD after CALL ENDED): wait until nothing new was queued.
      for (;;) {
        const queues = [...devices.values()].map((d) => d.queue);
        await Promise.all(queues);
        if ([...devices.values()].every((d, i) => d.queue === queues[i])) return;
      }
    },
  };
  return api;
}

function publicDevice(d: Device) {
  return { phone: d.phone, webhookUrl: d.webhookUrl ?? null, busy: !!d.busy, callLimit: d.callLimit ?? null };
}

class StandInError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
