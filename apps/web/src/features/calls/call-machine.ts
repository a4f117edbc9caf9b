/**
 * The call of SPEC §4 as a pure reducer: idle -> calling (signal outcoming_calling) -> answered ->
 * ended, and offer -> ringing -> answered (signal accept). After terminate, reject, accept_elsewhere
 * or reject_elsewhere (and unanswered / failed) the call is ended and resets to idle after 3.5 s
 * (SPEC §9); an offer while a call is active is rejected at once; a start that fails on one line
 * tries the next line the user may call from.
 *
 * `reduce(state, event)` answers the next state and the effects the controller runs (provider
 * signalling, ringtone, reset timer): the rules stay testable without sockets or media.
 */

/** SPEC §4 statuses as the UI shows them, plus idle and the incoming ring. */
export type CallPhase = 'idle' | 'calling' | 'ringing' | 'answered' | 'ended';
/** SPEC §4 signalling values. */
export type CallSignal =
  | 'outcoming_calling'
  | 'offer'
  | 'accept'
  | 'terminate'
  | 'reject'
  | 'accept_elsewhere'
  | 'reject_elsewhere'
  | 'unanswered'
  | 'failed';
/** SPEC §8 call errors. */
export type CallErrorKind = 'numberNotExist' | 'callLimit' | 'lineBusy' | 'notStarted';

export const CALL_RESET_MS = 3500;

export interface CallLineRef {
  id: number;
  token: string;
  name: string;
}
export interface CallPeer {
  phone: string;
  displayName?: string | null;
}

export interface CallState {
  phase: CallPhase;
  signal: CallSignal | null;
  direction: 'in' | 'out' | null;
  /** The provider's call id; null while a start is not acknowledged. */
  callId: string | null;
  /** The lines to try, in order (outgoing), or the one the offer came on (incoming). */
  lines: CallLineRef[];
  lineIndex: number;
  peer: CallPeer | null;
  contactId: number | null;
  ticketId: number | null;
  muted: boolean;
  peerMuted: boolean;
  /** ms since epoch, for the call bar's timer. */
  answeredAt: number | null;
  error: CallErrorKind | null;
}

export const IDLE: CallState = {
  phase: 'idle',
  signal: null,
  direction: null,
  callId: null,
  lines: [],
  lineIndex: 0,
  peer: null,
  contactId: null,
  ticketId: null,
  muted: false,
  peerMuted: false,
  answeredAt: null,
  error: null,
};

export type CallEvent =
  | { type: 'dial'; lines: CallLineRef[]; phone: string; displayName?: string | null; contactId: number; ticketId: number | null }
  | { type: 'startAcked'; callId: string }
  | { type: 'startFailed'; reason: string }
  /** The start could not be asked (the server refused the intent): ends without a provider error. */
  | { type: 'abort' }
  | { type: 'offer'; line: CallLineRef; callId: string; peer: CallPeer }
  | { type: 'accept'; now: number }
  | { type: 'reject' }
  | { type: 'hangup' }
  | { type: 'mute'; on: boolean }
  | { type: 'remoteRinging'; callId: string }
  | { type: 'remoteAnswered'; callId: string; now: number }
  | { type: 'remoteAccepted'; callId: string }
  | { type: 'remoteRejected'; callId: string }
  | { type: 'remoteUnanswered'; callId: string }
  | { type: 'remoteEnded'; callId: string }
  | { type: 'remoteFailed'; callId: string; reason: string }
  | { type: 'peerMuted'; callId: string; on: boolean }
  | { type: 'reset' };

export type CallEffect =
  | { type: 'start'; line: CallLineRef; phone: string }
  | { type: 'accept'; line: CallLineRef; callId: string }
  | { type: 'reject'; line: CallLineRef; callId: string }
  | { type: 'cancel'; line: CallLineRef; callId: string }
  | { type: 'end'; line: CallLineRef; callId: string }
  | { type: 'mute'; line: CallLineRef; callId: string; on: boolean }
  | { type: 'ring'; on: boolean }
  | { type: 'releaseMedia' }
  | { type: 'scheduleReset'; ms: number };

export interface Step {
  state: CallState;
  effects: CallEffect[];
}

/** The provider's refusal text -> SPEC §8 error. Texts from the Wavoip device socket's acks. */
export function classifyStartError(reason: string): CallErrorKind {
  const r = reason.toLowerCase();
  if (r.includes('not exist') || r.includes('not on whatsapp') || r.includes('invalid number')) return 'numberNotExist';
  if (r.includes('limit')) return 'callLimit';
  if (r.includes('busy')) return 'lineBusy';
  return 'notStarted';
}

/** Another line may take the call; a number that does not exist does not exist on any line. */
const lineMayHelp = (kind: CallErrorKind) => kind !== 'numberNotExist';

const line = (s: CallState): CallLineRef | undefined => s.lines[s.lineIndex];

function end(s: CallState, signal: CallSignal, extra: CallEffect[] = [], error: CallErrorKind | null = null): Step {
  return {
    state: { ...s, phase: 'ended', signal, muted: false, peerMuted: false, error },
    effects: [...(s.phase === 'ringing' ? [{ type: 'ring', on: false } as const] : []), ...extra, { type: 'releaseMedia' }, { type: 'scheduleReset', ms: CALL_RESET_MS }],
  };
}

const same = (s: CallState): Step => ({ state: s, effects: [] });

export function reduce(s: CallState, e: CallEvent): Step {
  const ln = line(s);
  const mine = 'callId' in e && e.type !== 'offer' && s.callId !== null && e.callId === s.callId;
  switch (e.type) {
    case 'dial': {
      const first = e.lines[0];
      if (s.phase !== 'idle' || !first) return same(s);
      return {
        state: {
          ...IDLE,
          phase: 'calling',
          signal: 'outcoming_calling',
          direction: 'out',
          lines: e.lines,
          peer: { phone: e.phone, displayName: e.displayName ?? null },
          contactId: e.contactId,
          ticketId: e.ticketId,
        },
        effects: [{ type: 'start', line: first, phone: e.phone }],
      };
    }
    case 'startAcked':
      if (s.phase !== 'calling' || s.callId) return same(s);
      return same({ ...s, callId: e.callId });
    case 'startFailed': {
      if (s.phase !== 'calling' || s.callId) return same(s);
      const kind = classifyStartError(e.reason);
      const next = s.lines[s.lineIndex + 1];
      if (next && lineMayHelp(kind) && s.peer)
        return { state: { ...s, lineIndex: s.lineIndex + 1 }, effects: [{ type: 'start', line: next, phone: s.peer.phone }] };
      return end(s, 'failed', [], kind);
    }
    case 'abort':
      if (s.phase !== 'calling' || s.callId) return same(s);
      return end(s, 'failed');
    case 'offer':
      // SPEC §4: an incoming call is rejected while a call is active (or still ending).
      if (s.phase !== 'idle') return { state: s, effects: [{ type: 'reject', line: e.line, callId: e.callId }] };
      return {
        state: { ...IDLE, phase: 'ringing', signal: 'offer', direction: 'in', callId: e.callId, lines: [e.line], peer: e.peer },
        effects: [{ type: 'ring', on: true }],
      };
    case 'accept':
      if (s.phase !== 'ringing' || !ln || !s.callId) return same(s);
      return {
        state: { ...s, phase: 'answered', signal: 'accept', answeredAt: e.now },
        effects: [{ type: 'ring', on: false }, { type: 'accept', line: ln, callId: s.callId }],
      };
    case 'reject':
      if (s.phase !== 'ringing' || !ln || !s.callId) return same(s);
      return end(s, 'reject', [{ type: 'reject', line: ln, callId: s.callId }]);
    case 'hangup':
      if (!ln) return same(s);
      if (s.phase === 'calling')
        // Not acknowledged yet: nothing to cancel at the provider; a late ack is then ignored.
        return end(s, 'terminate', s.callId ? [{ type: 'cancel', line: ln, callId: s.callId }] : []);
      if (s.phase === 'answered' && s.callId) return end(s, 'terminate', [{ type: 'end', line: ln, callId: s.callId }]);
      return same(s);
    case 'mute':
      if (s.phase !== 'answered' || !ln || !s.callId || s.muted === e.on) return same(s);
      return { state: { ...s, muted: e.on }, effects: [{ type: 'mute', line: ln, callId: s.callId, on: e.on }] };
    case 'remoteRinging':
      return same(s);
    case 'remoteAnswered':
      if (!mine || s.phase !== 'calling') return same(s);
      return same({ ...s, phase: 'answered', signal: 'accept', answeredAt: e.now });
    case 'remoteAccepted':
      // An offer accepted by another of the device's clients (ours answers `accept` first).
      if (!mine || s.phase !== 'ringing') return same(s);
      return end(s, 'accept_elsewhere');
    case 'remoteRejected':
      if (!mine) return same(s);
      if (s.phase === 'ringing') return end(s, 'reject_elsewhere');
      if (s.phase === 'calling' || s.phase === 'answered') return end(s, 'reject');
      return same(s);
    case 'remoteUnanswered':
      if (!mine || (s.phase !== 'calling' && s.phase !== 'ringing')) return same(s);
      return end(s, 'unanswered');
    case 'remoteEnded':
      if (!mine || s.phase === 'ended' || s.phase === 'idle') return same(s);
      return end(s, 'terminate');
    case 'remoteFailed':
      if (!mine || s.phase === 'ended' || s.phase === 'idle') return same(s);
      return end(s, 'failed', [], 'notStarted');
    case 'peerMuted':
      if (!mine || s.phase !== 'answered') return same(s);
      return same({ ...s, peerMuted: e.on });
    case 'reset':
      return s.phase === 'ended' ? same(IDLE) : same(s);
  }
}
