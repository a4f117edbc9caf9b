import type { CallLookup } from '@prosa/contracts';
import { toastError } from '../../shared/errors/toast-error';
import { IDLE, reduce, type CallEffect, type CallEvent, type CallLineRef, type CallState } from './call-machine';
import type { CallProvider, ProviderEvent, ProviderLine } from './call-provider';
import { Ringtone } from './ringtone';
import { lookupCaller, postCallIntent } from './use-calls-api';

/** What the call bar and the incoming window read: the machine's state and who is calling. */
export interface CallView {
  state: CallState;
  caller: CallLookup | null;
  /** Device sockets connected. */
  online: number;
}

export interface CallPorts {
  provider: CallProvider;
  ringtone?: Pick<Ringtone, 'start' | 'stop'>;
  now?: () => number;
  lookup?: (phone: string) => Promise<CallLookup>;
  intent?: typeof postCallIntent;
  onError?: (err: unknown) => void;
}

/**
 * Runs the call machine: provider events and the user's actions go in, the effects come out as
 * provider signalling, the ringtone, the intent the server correlates its webhook with
 * (POST /calls/intents) and the 3.5 s reset. One per signed-in page (the call dock owns it).
 */
export class CallController {
  private view: CallView = { state: IDLE, caller: null, online: 0 };
  private listeners = new Set<() => void>();
  private lines: ProviderLine[] = [];
  private resetTimer: ReturnType<typeof setTimeout> | null = null;
  private pendingLookup: Promise<CallLookup | null> = Promise.resolve(null);
  private readonly unsubscribe: () => void;
  private readonly ringtone: Pick<Ringtone, 'start' | 'stop'>;
  private readonly now: () => number;
  private readonly lookup: (phone: string) => Promise<CallLookup>;
  private readonly intent: typeof postCallIntent;
  private readonly onError: (err: unknown) => void;

  constructor(private readonly ports: CallPorts) {
    this.ringtone = ports.ringtone ?? new Ringtone();
    this.now = ports.now ?? Date.now;
    this.lookup = ports.lookup ?? lookupCaller;
    this.intent = ports.intent ?? postCallIntent;
    this.onError = ports.onError ?? toastError;
    this.unsubscribe = ports.provider.on((e) => this.fromProvider(e));
  }

  getView = (): CallView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The lines whose device sockets stay open (to ring anywhere in the app). */
  setLines(providerUrl: string, lines: ProviderLine[]): void {
    this.lines = lines;
    if (lines.length) this.ports.provider.connect(providerUrl, lines);
    else this.ports.provider.disconnect();
  }

  dispose(): void {
    this.unsubscribe();
    this.ringtone.stop();
    if (this.resetTimer) clearTimeout(this.resetTimer);
    this.ports.provider.disconnect();
  }

  dispatch = (event: CallEvent): void => {
    const before = this.view.state;
    const { state, effects } = reduce(before, event);
    if (state !== before) {
      const caller = state.phase === 'idle' || (event.type === 'offer' && before.phase === 'idle') ? null : this.view.caller;
      this.set({ ...this.view, state, caller });
    }
    effects.forEach((fx) => this.run(fx));
    if (event.type === 'offer' && state.phase === 'ringing' && before.phase === 'idle') void this.identify(state);
  };

  private set(view: CallView): void {
    this.view = view;
    this.listeners.forEach((l) => l());
  }

  private async identify(state: CallState): Promise<void> {
    if (!state.peer) return;
    // On failure the window shows the number the provider gave.
    this.pendingLookup = this.lookup(state.peer.phone).catch(() => null);
    const caller = await this.pendingLookup;
    if (caller && this.view.state.callId === state.callId) this.set({ ...this.view, caller });
  }

  private fromProvider(e: ProviderEvent): void {
    if (e.type === 'online') return this.set({ ...this.view, online: e.count });
    const callId = e.callId;
    switch (e.type) {
      case 'offer': {
        const line = this.lines.find((l) => l.token === e.token);
        if (line) this.dispatch({ type: 'offer', line, callId, peer: e.peer });
        return;
      }
      case 'ringing':
        return this.dispatch({ type: 'remoteRinging', callId });
      case 'answered':
        return this.dispatch({ type: 'remoteAnswered', callId, now: this.now() });
      case 'accepted':
        return this.dispatch({ type: 'remoteAccepted', callId });
      case 'rejected':
        return this.dispatch({ type: 'remoteRejected', callId });
      case 'unanswered':
        return this.dispatch({ type: 'remoteUnanswered', callId });
      case 'ended':
        return this.dispatch({ type: 'remoteEnded', callId });
      case 'failed':
        return this.dispatch({ type: 'remoteFailed', callId, reason: e.reason });
      case 'peerMuted':
        return this.dispatch({ type: 'peerMuted', callId, on: e.on });
    }
  }

  private run(fx: CallEffect): void {
    const p = this.ports.provider;
    switch (fx.type) {
      case 'start':
        return void this.start(fx.line, fx.phone);
      case 'accept':
        return void this.accept(fx.line, fx.callId);
      case 'reject':
        return p.reject(fx.line.token, fx.callId);
      case 'cancel':
        return p.cancel(fx.line.token, fx.callId);
      case 'end':
        return p.end(fx.line.token, fx.callId);
      case 'mute':
        return p.mute(fx.line.token, fx.callId, fx.on);
      case 'ring':
        return fx.on ? this.ringtone.start() : this.ringtone.stop();
      case 'releaseMedia':
        return p.release();
      case 'scheduleReset':
        if (this.resetTimer) clearTimeout(this.resetTimer);
        this.resetTimer = setTimeout(() => {
          this.resetTimer = null;
          this.dispatch({ type: 'reset' });
        }, fx.ms);
        return;
    }
  }

  /** One attempt on one line: the intent first (the server refuses a blocked user), then the provider. */
  private async start(line: CallLineRef, phone: string): Promise<void> {
    const s = this.view.state;
    if (s.contactId === null) return this.dispatch({ type: 'abort' });
    try {
      await this.intent({ lineId: line.id, contactId: s.contactId, ticketId: s.ticketId, direction: 'out' });
    } catch (err) {
      this.onError(err);
      return this.dispatch({ type: 'abort' });
    }
    const res = await this.ports.provider.start(line.token, phone);
    this.dispatch(res.ok ? { type: 'startAcked', callId: res.callId } : { type: 'startFailed', reason: res.reason });
  }

  private async accept(line: CallLineRef, callId: string): Promise<void> {
    // The server ties the provider's webhook to this user and ticket by the intent; a caller no
    // contact has yet is named by the number (the server creates the contact).
    const phone = this.view.state.peer?.phone ?? '';
    void this.pendingLookup.then((caller) => {
      const who = caller?.contact ? { contactId: caller.contact.id } : { phone };
      this.intent({ lineId: line.id, ...who, ticketId: caller?.ticketId ?? null, direction: 'in' }).catch(this.onError);
    });
    try {
      await this.ports.provider.accept(line.token, callId);
    } catch {
      this.dispatch({ type: 'remoteFailed', callId, reason: 'ACCEPT_FAILED' });
    }
  }
}
