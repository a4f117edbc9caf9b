import { describe, expect, it } from 'vitest';
import { CALL_RESET_MS, IDLE, classifyStartError, reduce, type CallEvent, type CallState } from './call-machine';

const L1 = { id: 1, token: 'tok-1', name: 'Line 1' };
const L2 = { id: 2, token: 'tok-2', name: 'Line 2' };
const L3 = { id: 3, token: 'tok-3', name: 'Line 3' };
const peer = { phone: '5511999990000', displayName: 'Ana' };

const calling: CallState = { ...reduce(IDLE, { type: 'dial', lines: [L1, L2], phone: peer.phone, contactId: 7, ticketId: 9 }).state };
const callingAcked: CallState = { ...calling, callId: 'out1' };
const outAnswered: CallState = { ...callingAcked, phase: 'answered', signal: 'accept', answeredAt: 1000 };
const ringing: CallState = reduce(IDLE, { type: 'offer', line: L1, callId: 'in1', peer }).state;
const inAnswered: CallState = { ...ringing, phase: 'answered', signal: 'accept', answeredAt: 1000 };
const ended: CallState = { ...outAnswered, phase: 'ended', signal: 'terminate' };

const RESET = [{ type: 'releaseMedia' }, { type: 'scheduleReset', ms: CALL_RESET_MS }];
const STOP_RING = { type: 'ring', on: false };

interface Row {
  name: string;
  from: CallState;
  event: CallEvent;
  phase: CallState['phase'];
  signal?: CallState['signal'];
  error?: CallState['error'];
  effects?: unknown[];
  check?: (s: CallState) => void;
}

const rows: Row[] = [
  // Outgoing (SPEC §4: idle -> calling (outcoming_calling) -> answered -> ended)
  {
    name: 'dial from idle starts on the first line',
    from: IDLE,
    event: { type: 'dial', lines: [L1, L2], phone: peer.phone, contactId: 7, ticketId: 9 },
    phase: 'calling',
    signal: 'outcoming_calling',
    effects: [{ type: 'start', line: L1, phone: peer.phone }],
    check: (s) => expect([s.direction, s.contactId, s.ticketId]).toEqual(['out', 7, 9]),
  },
  { name: 'dial without lines does nothing', from: IDLE, event: { type: 'dial', lines: [], phone: '1', contactId: 1, ticketId: null }, phase: 'idle', effects: [] },
  { name: 'dial during a call does nothing', from: inAnswered, event: { type: 'dial', lines: [L2], phone: '1', contactId: 1, ticketId: null }, phase: 'answered', effects: [] },
  { name: 'the start ack keeps the call id', from: calling, event: { type: 'startAcked', callId: 'out1' }, phase: 'calling', effects: [], check: (s) => expect(s.callId).toBe('out1') },
  { name: 'ringing at the peer changes nothing', from: callingAcked, event: { type: 'remoteRinging', callId: 'out1' }, phase: 'calling', effects: [] },
  { name: 'the peer answers', from: callingAcked, event: { type: 'remoteAnswered', callId: 'out1', now: 5 }, phase: 'answered', signal: 'accept', effects: [], check: (s) => expect(s.answeredAt).toBe(5) },
  { name: "another call's answer is ignored", from: callingAcked, event: { type: 'remoteAnswered', callId: 'zzz', now: 5 }, phase: 'calling', effects: [] },
  { name: 'the peer rejects', from: callingAcked, event: { type: 'remoteRejected', callId: 'out1' }, phase: 'ended', signal: 'reject', effects: RESET },
  { name: 'the peer does not answer', from: callingAcked, event: { type: 'remoteUnanswered', callId: 'out1' }, phase: 'ended', signal: 'unanswered', effects: RESET },
  { name: 'hang up while calling cancels', from: callingAcked, event: { type: 'hangup' }, phase: 'ended', signal: 'terminate', effects: [{ type: 'cancel', line: L1, callId: 'out1' }, ...RESET] },
  { name: 'hang up before the ack cancels nothing at the provider', from: calling, event: { type: 'hangup' }, phase: 'ended', signal: 'terminate', effects: RESET },
  { name: 'a late ack after hang up is ignored', from: { ...calling, phase: 'ended', signal: 'terminate' }, event: { type: 'startAcked', callId: 'late' }, phase: 'ended', check: (s) => expect(s.callId).toBeNull() },
  { name: 'hang up an answered call ends it', from: outAnswered, event: { type: 'hangup' }, phase: 'ended', signal: 'terminate', effects: [{ type: 'end', line: L1, callId: 'out1' }, ...RESET] },
  { name: 'the peer ends', from: outAnswered, event: { type: 'remoteEnded', callId: 'out1' }, phase: 'ended', signal: 'terminate', effects: RESET },
  { name: 'the call fails', from: outAnswered, event: { type: 'remoteFailed', callId: 'out1', reason: 'CONNECTION_TIMEOUT' }, phase: 'ended', signal: 'failed', error: 'notStarted', effects: RESET },
  // Fallback to the other lines (SPEC §4) and the errors of SPEC §8
  {
    name: 'a busy line falls back to the next line',
    from: calling,
    event: { type: 'startFailed', reason: 'Line busy' },
    phase: 'calling',
    effects: [{ type: 'start', line: L2, phone: peer.phone }],
    check: (s) => expect(s.lineIndex).toBe(1),
  },
  {
    name: 'a line at its call limit falls back',
    from: calling,
    event: { type: 'startFailed', reason: 'Call limit reached' },
    phase: 'calling',
    effects: [{ type: 'start', line: L2, phone: peer.phone }],
  },
  {
    name: 'the last line failing ends with its error',
    from: { ...calling, lineIndex: 1 },
    event: { type: 'startFailed', reason: 'Line busy' },
    phase: 'ended',
    signal: 'failed',
    error: 'lineBusy',
    effects: RESET,
  },
  { name: 'call limit on the only line', from: { ...calling, lines: [L1] }, event: { type: 'startFailed', reason: 'Call limit reached' }, phase: 'ended', error: 'callLimit', effects: RESET },
  { name: 'a number that does not exist does not fall back', from: calling, event: { type: 'startFailed', reason: 'Number does not exist' }, phase: 'ended', error: 'numberNotExist', effects: RESET },
  { name: 'an unknown refusal on the last line', from: { ...calling, lines: [L1] }, event: { type: 'startFailed', reason: 'socket timeout' }, phase: 'ended', error: 'notStarted' },
  { name: 'a refused intent ends without provider error', from: calling, event: { type: 'abort' }, phase: 'ended', signal: 'failed', error: null, effects: RESET },
  // Incoming (offer -> ringing -> answered)
  { name: 'an offer rings', from: IDLE, event: { type: 'offer', line: L2, callId: 'in2', peer }, phase: 'ringing', signal: 'offer', effects: [{ type: 'ring', on: true }], check: (s) => expect([s.direction, s.callId, s.lines]).toEqual(['in', 'in2', [L2]]) },
  { name: 'accept answers', from: ringing, event: { type: 'accept', now: 9 }, phase: 'answered', signal: 'accept', effects: [STOP_RING, { type: 'accept', line: L1, callId: 'in1' }] },
  { name: 'reject ends', from: ringing, event: { type: 'reject' }, phase: 'ended', signal: 'reject', effects: [STOP_RING, { type: 'reject', line: L1, callId: 'in1' }, ...RESET] },
  { name: 'accepted elsewhere', from: ringing, event: { type: 'remoteAccepted', callId: 'in1' }, phase: 'ended', signal: 'accept_elsewhere', effects: [STOP_RING, ...RESET] },
  { name: 'our own accept echoed is not "elsewhere"', from: inAnswered, event: { type: 'remoteAccepted', callId: 'in1' }, phase: 'answered', effects: [] },
  { name: 'rejected elsewhere', from: ringing, event: { type: 'remoteRejected', callId: 'in1' }, phase: 'ended', signal: 'reject_elsewhere', effects: [STOP_RING, ...RESET] },
  { name: 'the caller gives up', from: ringing, event: { type: 'remoteEnded', callId: 'in1' }, phase: 'ended', signal: 'terminate', effects: [STOP_RING, ...RESET] },
  { name: 'unanswered offer', from: ringing, event: { type: 'remoteUnanswered', callId: 'in1' }, phase: 'ended', signal: 'unanswered' },
  { name: 'hang up an accepted incoming call', from: inAnswered, event: { type: 'hangup' }, phase: 'ended', signal: 'terminate', effects: [{ type: 'end', line: L1, callId: 'in1' }, ...RESET] },
  // An offer while not idle is rejected at once (SPEC §4)
  { name: 'offer during an answered call is rejected', from: outAnswered, event: { type: 'offer', line: L2, callId: 'x', peer }, phase: 'answered', effects: [{ type: 'reject', line: L2, callId: 'x' }], check: (s) => expect(s.callId).toBe('out1') },
  { name: 'offer while another rings is rejected', from: ringing, event: { type: 'offer', line: L3, callId: 'y', peer }, phase: 'ringing', effects: [{ type: 'reject', line: L3, callId: 'y' }] },
  { name: 'offer while calling out is rejected', from: calling, event: { type: 'offer', line: L1, callId: 'z', peer }, phase: 'calling', effects: [{ type: 'reject', line: L1, callId: 'z' }] },
  // Mute
  { name: 'mute', from: outAnswered, event: { type: 'mute', on: true }, phase: 'answered', effects: [{ type: 'mute', line: L1, callId: 'out1', on: true }], check: (s) => expect(s.muted).toBe(true) },
  { name: 'unmute', from: { ...outAnswered, muted: true }, event: { type: 'mute', on: false }, phase: 'answered', effects: [{ type: 'mute', line: L1, callId: 'out1', on: false }], check: (s) => expect(s.muted).toBe(false) },
  { name: 'mute twice signals once', from: { ...outAnswered, muted: true }, event: { type: 'mute', on: true }, phase: 'answered', effects: [] },
  { name: 'no mute before answered', from: ringing, event: { type: 'mute', on: true }, phase: 'ringing', effects: [] },
  { name: 'the peer mutes', from: outAnswered, event: { type: 'peerMuted', callId: 'out1', on: true }, phase: 'answered', check: (s) => expect(s.peerMuted).toBe(true) },
  // Reset after 3.5 s
  { name: 'reset after the end goes idle', from: ended, event: { type: 'reset' }, phase: 'idle', effects: [], check: (s) => expect(s).toEqual(IDLE) },
  { name: 'a stale reset does not end a new call', from: ringing, event: { type: 'reset' }, phase: 'ringing' },
  { name: 'events of the ended call are ignored', from: ended, event: { type: 'remoteEnded', callId: 'out1' }, phase: 'ended', effects: [] },
];

describe('call machine (SPEC §4)', () => {
  it.each(rows)('$name', ({ from, event, phase, signal, error, effects, check }) => {
    const { state, effects: got } = reduce(from, event);
    expect(state.phase).toBe(phase);
    if (signal !== undefined) expect(state.signal).toBe(signal);
    if (error !== undefined) expect(state.error).toBe(error);
    if (effects) expect(got).toEqual(effects);
    check?.(state);
  });

  it('resets after 3.5 s', () => expect(CALL_RESET_MS).toBe(3500));

  it.each([
    ['Number does not exist', 'numberNotExist'],
    ['Call limit reached', 'callLimit'],
    ['Line busy', 'lineBusy'],
    ['Device error', 'notStarted'],
  ])('classifies %s as %s', (reason, kind) => expect(classifyStartError(reason)).toBe(kind));
});
