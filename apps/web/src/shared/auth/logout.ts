import { http } from '../api/client';
import { disconnectSocket } from '../realtime/socket';
import { clearSession } from './session';

/** Ends the session on the server (best effort) and forgets it here. */
export async function logout(): Promise<void> {
  // The socket goes first: the server cuts it once the session ends, and a cut socket would
  // otherwise ask whether the session stands and tell the user it has expired.
  disconnectSocket();
  try {
    await http.post('/auth/logout/', undefined, { authCall: true });
  } catch {
    // Already ended on the server (or unreachable): forgetting it here is what matters.
  }
  clearSession();
}
