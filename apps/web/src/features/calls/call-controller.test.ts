import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallIntentInput } from '@prosa/contracts';
import { CallController } from './call-controller';
import type { CallEvent } from './call-machine';
import type { CallProvider, ProviderEvent, StartResult } from './call-provider';

const L1 = { id: 1, token: 'busy-line', name: 'Line 1' };
const L2 = { id: 2, token: 'free-line', name: 'Line 2' };

/** A provider that records the signalling and answers starts from a script. */
function fakeProvider(starts: Record<string, StartResult>) {
  let listener: (e: ProviderEvent) => void = () => undefined;
  const sent: string[] = [];
  const provider: CallProvider = {
    connect: () => undefined,
    disconnect: () => undefined,
    start: (token) => {
      sent.push(`start:${token}`);
      return Promise.resolve(starts[token] ?? { ok: false, reason: 'Device not connected' });
    },
    accept: (token, id) => (sent.push(`accept:${token}:${id}`), Promise.resolve()),
    reject: (token, id) => void sent.push(`reject:${token}:${id}`),
    cancel: (token, id) => void sent.push(`cancel:${token}:${id}`),
    end: (token, id) => void sent.push(`end:${token}:${id}`),
    mute: (token, id, on) => void sent.push(`mute:${token}:${id}:${on}`),
    release: () => void sent.push('release'),
    on: (l) => {
      listener = l;
      return () => undefined;
    },
  };
  return { provider, sent, emit: (e: ProviderEvent) => listener(e) };
}

function setup(starts: Record<string, StartResult>, intent?: (i: CallIntentInput) => Promise<{ id: number }>) {
  const fake = fakeProvider(starts);
  const intents: CallIntentInput[] = [];
  const errors: unknown[] = [];
  const ring: boolean[] = [];
  const c = new CallController({
    provider: fake.provider,
    ringtone: { start: () => void ring.push(true), stop: () => void ring.push(false) },
    now: () => 1000,
    lookup: () => Promise.resolve({ contact: { id: 40, name: 'Ana', profilePicUrl: '' }, ticketId: 50 }),
    intent: intent ?? ((i) => (intents.push(i), Promise.resolve({ id: intents.length }))),
    onError: (e) => void errors.push(e),
  });
  c.setLines('http://provider', [L1, L2]);
  return { c, ...fake, intents, errors, ring };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const dial: CallEvent = { type: 'dial', lines: [L1, L2], phone: '5511900000001', contactId: 7, ticketId: 9 };

afterEach(() => vi.useRealTimers());

describe('call controller', () => {
  it('a busy first line falls back to the second, each attempt with its intent', async () => {
    const { c, sent, intents, emit } = setup({ 'busy-line': { ok: false, reason: 'Line busy' }, 'free-line': { ok: true, callId: 'abc' } });
    c.dispatch(dial);
    await vi.waitFor(() => expect(c.getView().state.callId).toBe('abc'));
    expect(sent).toEqual(['start:busy-line', 'start:free-line']);
    expect(intents).toEqual([
      { lineId: 1, contactId: 7, ticketId: 9, direction: 'out' },
      { lineId: 2, contactId: 7, ticketId: 9, direction: 'out' },
    ]);
    emit({ type: 'answered', token: 'free-line', callId: 'abc' });
    expect(c.getView().state).toMatchObject({ phase: 'answered', answeredAt: 1000, lineIndex: 1 });
    c.dispatch({ type: 'hangup' });
    expect(sent).toContain('end:free-line:abc');
  });

  it('a refused intent (calls blocked) starts nothing and tells the user', async () => {
    const refusal = new Error('ERR_CALLS_BLOCKED');
    const { c, sent, errors } = setup({ 'busy-line': { ok: true, callId: 'x' } }, () => Promise.reject(refusal));
    c.dispatch(dial);
    await vi.waitFor(() => expect(c.getView().state.phase).toBe('ended'));
    expect(sent.filter((s) => s.startsWith('start'))).toEqual([]);
    expect(errors).toEqual([refusal]);
    expect(c.getView().state.error).toBeNull();
  });

  it('an offer rings, names the caller, and accepting signals accept and the intent', async () => {
    const { c, sent, intents, emit, ring } = setup({});
    emit({ type: 'offer', token: 'free-line', callId: 'in1', peer: { phone: '5511900000002' } });
    expect(c.getView().state).toMatchObject({ phase: 'ringing', lines: [L2] });
    expect(ring).toEqual([true]);
    await vi.waitFor(() => expect(c.getView().caller?.contact?.name).toBe('Ana'));
    c.dispatch({ type: 'accept', now: 2000 });
    await flush();
    expect(ring).toEqual([true, false]);
    expect(sent).toContain('accept:free-line:in1');
    expect(intents).toEqual([{ lineId: 2, contactId: 40, ticketId: 50, direction: 'in' }]);
  });

  it('accepting a caller no contact has yet names it by the number', async () => {
    const fake = fakeProvider({});
    const intents: CallIntentInput[] = [];
    const c = new CallController({
      provider: fake.provider,
      ringtone: { start: () => undefined, stop: () => undefined },
      lookup: () => Promise.resolve({ contact: null, ticketId: null }),
      intent: (i) => (intents.push(i), Promise.resolve({ id: 1 })),
    });
    c.setLines('http://provider', [L1]);
    fake.emit({ type: 'offer', token: 'busy-line', callId: 'in9', peer: { phone: '5511900000009' } });
    c.dispatch({ type: 'accept', now: 1 });
    await vi.waitFor(() => expect(intents).toEqual([{ lineId: 1, phone: '5511900000009', ticketId: null, direction: 'in' }]));
  });

  it('an offer during a call is rejected on its line; the call goes on', () => {
    const { c, sent, emit } = setup({});
    emit({ type: 'offer', token: 'free-line', callId: 'in1', peer: { phone: '1' } });
    c.dispatch({ type: 'accept', now: 1 });
    emit({ type: 'offer', token: 'busy-line', callId: 'in2', peer: { phone: '2' } });
    expect(sent).toContain('reject:busy-line:in2');
    expect(c.getView().state).toMatchObject({ phase: 'answered', callId: 'in1' });
  });

  it('after the peer ends, the call resets to idle after 3.5 s', () => {
    vi.useFakeTimers();
    const { c, emit, sent } = setup({});
    emit({ type: 'offer', token: 'free-line', callId: 'in1', peer: { phone: '1' } });
    c.dispatch({ type: 'accept', now: 1 });
    emit({ type: 'ended', token: 'free-line', callId: 'in1' });
    expect(c.getView().state.phase).toBe('ended');
    expect(sent).toContain('release');
    vi.advanceTimersByTime(3499);
    expect(c.getView().state.phase).toBe('ended');
    vi.advanceTimersByTime(1);
    expect(c.getView().state.phase).toBe('idle');
  });
});
