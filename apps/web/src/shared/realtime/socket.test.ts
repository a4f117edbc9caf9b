// After the server cuts the socket (issue 9, H1): a session that still stands reconnects with a
// fresh token; a revoked one goes to login and does not reconnect.
import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals, jsonResponse } from '../../test/browser-globals';

const globals = installBrowserGlobals();
vi.mock('../errors/toast-error', () => ({ notifyError: vi.fn(), toastError: vi.fn() }));

/** The part of a socket.io client socket the module uses. */
class FakeSocket extends EventEmitter {
  active = false;
  io = new EventEmitter();
  connect = vi.fn(() => this);
  disconnect = vi.fn(() => this);
}
let fake = new FakeSocket();
vi.mock('socket.io-client', () => ({ io: () => fake }));

const { connectSocket, disconnectSocket, getSocketStatus } = await import('./socket');
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  disconnectSocket();
  fake = new FakeSocket();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  globals.storage.clear();
  globals.storage.set('token', 'a-token');
  globals.location.hash = '#/tickets';
});

/** Resolves once `fn` holds, checking after each turn of the event loop. */
async function until(fn: () => boolean): Promise<void> {
  while (!fn()) await new Promise((r) => setImmediate(r));
}

describe('socket cut by the server', () => {
  it('reconnects when the session still stands', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { userId: 7 }));
    connectSocket();
    fake.emit('disconnect', 'io server disconnect');
    await until(() => fake.connect.mock.calls.length > 0);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth/me');
    expect(globals.storage.get('token')).toBe('a-token');
  });

  it('gets a fresh token first when the access token has expired', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(403, { error: 'ERR_TOKEN_EXPIRED' }))
      .mockResolvedValueOnce(jsonResponse(200, { token: 'fresh-token' }))
      .mockResolvedValueOnce(jsonResponse(200, { userId: 7 }));
    connectSocket();
    fake.emit('disconnect', 'io server disconnect');
    await until(() => fake.connect.mock.calls.length > 0);
    expect(globals.storage.get('token')).toBe('fresh-token');
  });

  it('a revoked session does not reconnect: the session is cleared and the user goes to login', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'ERR_SESSION_EXPIRED' }));
      connectSocket();
      fake.emit('disconnect', 'io server disconnect');
      await until(() => !globals.storage.has('token'));
      await vi.runAllTimersAsync();
      expect(globals.location.hash).toBe('#/login');
      expect(fake.connect).not.toHaveBeenCalled();
      expect(getSocketStatus()).toBe('offline');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a handshake refused as expired session also goes to login', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'ERR_SESSION_EXPIRED' }));
    connectSocket();
    fake.emit('connect_error', Object.assign(new Error('ERR_SESSION_EXPIRED'), { data: { error: 'ERR_SESSION_EXPIRED' } }));
    await until(() => !globals.storage.has('token'));
    expect(fake.connect).not.toHaveBeenCalled();
  });
});
