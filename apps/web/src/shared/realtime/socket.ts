import { io, type Socket } from 'socket.io-client';
import { ApiError } from '../api/api-error';
import { http, refreshAccessToken } from '../api/client';
import { getSession, getToken } from '../auth/session';

/**
 * The product socket (SPEC §7, §9): same origin, the stored token as auth, reconnect every 1-5 s
 * without limit, 20 s timeout; once connected the client announces itself with setUserActive.
 */
export type SocketStatus = 'connecting' | 'online' | 'offline';

const BASE_URL = String(import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');

const MANUAL_RECONNECT_MS = 2000;

let socket: Socket | null = null;
let status: SocketStatus = 'offline';
const listeners = new Set<() => void>();

function setStatus(next: SocketStatus): void {
  if (status === next) return;
  status = next;
  listeners.forEach((l) => l());
}

export function getSocketStatus(): SocketStatus {
  return status;
}

export function subscribeSocketStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSocket(): Socket | null {
  return socket;
}

export function connectSocket(): Socket {
  if (socket) return socket;
  const options = {
    // A function, so every reconnect presents the latest (refreshed) token.
    auth: (cb: (data: object) => void) => cb({ token: getToken() }),
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    timeout: 20_000,
  };
  const s = BASE_URL ? io(BASE_URL, options) : io(options);
  setStatus('connecting');
  s.on('connect', () => {
    setStatus('online');
    const tenantId = getSession()?.tenantId;
    if (tenantId) s.emit('setUserActive', tenantId);
  });
  s.on('disconnect', (reason) => {
    setStatus(reason === 'io client disconnect' ? 'offline' : 'connecting');
    // The server cut it (a revoked session, or rooms that changed): socket.io does not reconnect.
    if (reason === 'io server disconnect') resumeAfterCut(s);
  });
  s.on('connect_error', (err: Error & { data?: { error?: string } }) => {
    if (s.active) return setStatus('connecting');
    // The server refused the handshake. An expired access token is refreshed like an HTTP call
    // would; then, as for any refusal, a new attempt follows after 2 s.
    setStatus('offline');
    const retry = () =>
      setTimeout(() => {
        if (socket === s && getToken()) s.connect();
      }, MANUAL_RECONNECT_MS);
    if (err.data?.error === 'ERR_TOKEN_EXPIRED') void refreshAccessToken().then((ok) => ok && retry());
    else if (err.data?.error === 'ERR_SESSION_EXPIRED') resumeAfterCut(s);
    else retry();
  });
  // All reconnect attempts failed (only with a finite limit): start over from a fresh page.
  s.io.on('reconnect_failed', () => window.location.reload());
  // A tab that closes says goodbye, so the others see it offline now instead of at the next
  // missed ping (up to pingInterval + pingTimeout, 45 s). Back from the page cache, it reconnects.
  window.addEventListener('pagehide', () => {
    if (socket === s) s.disconnect();
  });
  window.addEventListener('pageshow', (e) => {
    if (e.persisted && socket === s && getToken()) s.connect();
  });
  socket = s;
  return s;
}

/**
 * After the server cut the socket or refused it as expired, one HTTP call tells whether the
 * session still stands: the client's own rules then refresh an expired token, or end a revoked
 * session (401: the user goes to login). A session that stands reconnects, with the fresh token.
 */
function resumeAfterCut(s: Socket): void {
  setStatus('connecting');
  const reconnect = () => {
    if (socket === s && getToken()) s.connect();
  };
  http.get('/auth/me').then(reconnect, (err: unknown) => {
    // 401: the client already cleared the session and is on its way to login.
    if (err instanceof ApiError && err.status === 401) {
      if (socket === s) setStatus('offline');
      return;
    }
    setTimeout(reconnect, MANUAL_RECONNECT_MS);
  });
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
  setStatus('offline');
}
