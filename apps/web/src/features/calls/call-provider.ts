import type { CallPeer } from './call-machine';

/**
 * The calling provider as the desk sees it (SPEC §7: a second socket per device token). One
 * implementation today, Wavoip (`wavoip-provider.ts`); the call machine and the UI know only this.
 */
export interface ProviderLine {
  id: number;
  token: string;
  name: string;
}

export type ProviderEvent =
  | { type: 'offer'; token: string; callId: string; peer: CallPeer }
  | { type: 'ringing'; token: string; callId: string }
  /** Outgoing: the peer answered (media negotiated). */
  | { type: 'answered'; token: string; callId: string }
  /** Incoming: accepted, by this client or another one of the device. */
  | { type: 'accepted'; token: string; callId: string }
  | { type: 'rejected'; token: string; callId: string }
  | { type: 'unanswered'; token: string; callId: string }
  | { type: 'ended'; token: string; callId: string }
  | { type: 'failed'; token: string; callId: string; reason: string }
  | { type: 'peerMuted'; token: string; callId: string; on: boolean }
  /** How many of the lines' device sockets are connected (a call can ring only on those). */
  | { type: 'online'; count: number };

export type StartResult = { ok: true; callId: string } | { ok: false; reason: string };

export interface CallProvider {
  /** Keeps one device socket per line open (and closes the others). */
  connect(providerUrl: string, lines: ProviderLine[]): void;
  disconnect(): void;
  /** Places a call: microphone, media offer, start. Answers the provider's id or its refusal. */
  start(token: string, phone: string): Promise<StartResult>;
  /** Accepts an offer received on that line: microphone and media answer. */
  accept(token: string, callId: string): Promise<void>;
  reject(token: string, callId: string): void;
  /** An outgoing call not yet answered. */
  cancel(token: string, callId: string): void;
  end(token: string, callId: string): void;
  mute(token: string, callId: string, on: boolean): void;
  /** Stops the microphone and closes the media of the call. */
  release(): void;
  on(listener: (e: ProviderEvent) => void): () => void;
}
