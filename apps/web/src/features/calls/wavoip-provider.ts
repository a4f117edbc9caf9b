import { io, type Socket } from 'socket.io-client';
import type { CallProvider, ProviderEvent, ProviderLine, StartResult } from './call-provider';

/**
 * Wavoip's device socket, as its browser SDK speaks it (`@wavoip/wavoip-api@2.6.3`, MIT,
 * dist/index.es.js: `ku()` opens the socket, `C.startCall`, `C.onOffer`, `acceptWebRTCOffer`, the
 * router `gu` for the `call:*` events; dist/index.d.ts for CallFailReason). Socket.IO at the
 * provider's origin with `path: /{deviceToken}/websocket`, websocket transport only, and
 * `auth: { version: 'official', platform }`. Every client -> server event has an ack answering
 * `{ type: 'success', result }` or `{ type: 'error', result: string }`.
 *
 * Media is the browser's: the microphone through getUserMedia into one RTCPeerConnection per call
 * (one call at a time, SPEC §4), the peer's audio into an <audio> element.
 */
type Ack<T = unknown> = { type: 'success'; result: T } | { type: 'error'; result: string };
interface Offer {
  id: string;
  peer: { phone: string; displayName?: string | null; profilePicture?: string | null };
  offer: { type: 'webRTC'; sdp: string } | { type: string; sdp?: string };
}
interface Media {
  pc: RTCPeerConnection;
  stream: MediaStream;
}

const ACK_TIMEOUT_MS = 15_000;
/** Enough for host candidates; the SDP goes out with what was gathered by then. */
const ICE_GATHER_MS = 2000;
const PLATFORM = 'prosa';

function waitIceGathering(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => pc.iceGatheringState === 'complete' && done();
    const timer = setTimeout(done, ICE_GATHER_MS);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

export class WavoipProvider implements CallProvider {
  private sockets = new Map<string, Socket>();
  private url = '';
  private listeners = new Set<(e: ProviderEvent) => void>();
  private offers = new Map<string, string>();
  private media: Media | null = null;
  private readonly audio: HTMLAudioElement;

  constructor(audio?: HTMLAudioElement) {
    this.audio = audio ?? new Audio();
    this.audio.autoplay = true;
  }

  on(listener: (e: ProviderEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: ProviderEvent): void {
    this.listeners.forEach((l) => l(e));
  }

  connect(providerUrl: string, lines: ProviderLine[]): void {
    if (providerUrl !== this.url) this.disconnect();
    this.url = providerUrl;
    const wanted = new Set(lines.map((l) => l.token));
    for (const [token, s] of this.sockets)
      if (!wanted.has(token)) {
        s.disconnect();
        this.sockets.delete(token);
      }
    for (const token of wanted) if (!this.sockets.has(token)) this.sockets.set(token, this.open(token));
  }

  private open(token: string): Socket {
    const s = io(this.url, {
      path: `/${encodeURIComponent(token)}/websocket`,
      transports: ['websocket'],
      auth: { version: 'official', platform: PLATFORM },
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
    });
    const id = (e: unknown) => String(e);
    const online = () => this.emit({ type: 'online', count: [...this.sockets.values()].filter((x) => x.connected).length });
    s.on('connect', online);
    s.on('disconnect', online);
    s.on('call:offer', (offer: Offer, ack?: () => void) => {
      ack?.();
      if (!offer?.id || !offer.peer?.phone) return;
      if (offer.offer?.type === 'webRTC' && offer.offer.sdp) this.offers.set(offer.id, offer.offer.sdp);
      this.emit({ type: 'offer', token, callId: offer.id, peer: { phone: offer.peer.phone, displayName: offer.peer.displayName ?? null } });
    });
    s.on('call:ringing', (c: unknown) => this.emit({ type: 'ringing', token, callId: id(c) }));
    s.on('call:answered', (c: unknown, media?: { type?: string; sdp?: string }) => {
      void this.answered(token, id(c), media);
    });
    s.on('call:accepted', (c: unknown) => this.emit({ type: 'accepted', token, callId: id(c) }));
    s.on('call:rejected', (c: unknown) => this.finish({ type: 'rejected', token, callId: id(c) }));
    s.on('call:unanswered', (c: unknown) => this.finish({ type: 'unanswered', token, callId: id(c) }));
    s.on('call:ended', (c: unknown) => this.finish({ type: 'ended', token, callId: id(c) }));
    s.on('call:failed', (c: unknown, reason: unknown) =>
      this.finish({ type: 'failed', token, callId: id(c), reason: String(reason ?? 'INTERNAL_ERROR') }),
    );
    s.on('call:peer:muted', (c: unknown, on: unknown) => this.emit({ type: 'peerMuted', token, callId: id(c), on: !!on }));
    return s;
  }

  private finish(e: Extract<ProviderEvent, { callId: string }>): void {
    this.offers.delete(e.callId);
    this.emit(e);
  }

  private async answered(token: string, callId: string, media?: { type?: string; sdp?: string }): Promise<void> {
    if (this.media && media?.type === 'webRTC' && media.sdp) {
      try {
        await this.media.pc.setRemoteDescription({ type: 'answer', sdp: media.sdp });
      } catch {
        // A media answer the browser cannot read: the call is still answered at the provider,
        // but there is no audio; end it rather than keep a silent line open.
        this.emit({ type: 'failed', token, callId, reason: 'CORRUPTED_KEYS' });
        return;
      }
    }
    this.emit({ type: 'answered', token, callId });
  }

  disconnect(): void {
    this.sockets.forEach((s) => s.disconnect());
    this.sockets.clear();
    this.release();
    this.emit({ type: 'online', count: 0 });
  }

  private send<T>(token: string, event: string, ...args: unknown[]): Promise<Ack<T>> {
    const s = this.sockets.get(token);
    if (!s?.connected) return Promise.resolve({ type: 'error', result: 'Device not connected' });
    return new Promise((resolve) => {
      s.timeout(ACK_TIMEOUT_MS).emit(event, ...args, (err: Error | null, ack: Ack<T>) =>
        resolve(err ? { type: 'error', result: 'Provider did not answer' } : ack),
      );
    });
  }

  private async openMedia(): Promise<Media> {
    this.release();
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    const pc = new RTCPeerConnection();
    stream.getAudioTracks().forEach((t) => pc.addTrack(t, stream));
    pc.addEventListener('track', (ev) => {
      this.audio.srcObject = ev.streams[0] ?? new MediaStream([ev.track]);
      void this.audio.play().catch(() => undefined);
    });
    this.media = { pc, stream };
    return this.media;
  }

  async start(token: string, phone: string): Promise<StartResult> {
    if (!this.sockets.get(token)?.connected) return { ok: false, reason: 'Device not connected' };
    let sdp: string;
    try {
      const { pc } = await this.openMedia();
      await pc.setLocalDescription(await pc.createOffer());
      await waitIceGathering(pc);
      sdp = pc.localDescription?.sdp ?? '';
    } catch {
      this.release();
      return { ok: false, reason: 'Failed to create WebRTC offer' };
    }
    const ack = await this.send<{ id: string }>(token, 'call.start', phone, { type: 'webRTC', sdp });
    if (ack.type === 'error') {
      this.release();
      return { ok: false, reason: String(ack.result) };
    }
    return { ok: true, callId: String(ack.result.id) };
  }

  async accept(token: string, callId: string): Promise<void> {
    const offer = this.offers.get(callId);
    if (!offer) throw new Error('No media offer for this call');
    const { pc } = await this.openMedia();
    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
    await pc.setLocalDescription(await pc.createAnswer());
    await waitIceGathering(pc);
    const ack = await this.send(token, 'call.accept', callId, { type: 'webRTC', sdp: pc.localDescription?.sdp ?? '' });
    if (ack.type === 'error') throw new Error(String(ack.result));
  }

  reject(token: string, callId: string): void {
    this.offers.delete(callId);
    void this.send(token, 'call.reject', callId);
  }

  cancel(token: string, callId: string): void {
    void this.send(token, 'call.cancel', callId);
  }

  end(token: string, callId: string): void {
    void this.send(token, 'call.end', callId);
  }

  mute(token: string, callId: string, on: boolean): void {
    this.media?.stream.getAudioTracks().forEach((t) => (t.enabled = !on));
    void this.send(token, 'call.mute', callId, on);
  }

  release(): void {
    if (!this.media) return;
    this.media.stream.getTracks().forEach((t) => t.stop());
    this.media.pc.close();
    this.media = null;
    this.audio.srcObject = null;
  }
}
