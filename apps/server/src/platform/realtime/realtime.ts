// SECURITY-CRITICAL: socket rooms. Rooms are always tenant-prefixed and only the server joins a
// socket to one, after verifying its token; no event can be addressed to another tenant's room.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { and, eq, isNull } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { Server, type Namespace, type Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { authSessions, userChannels, userQueues, users } from '../db/schema.js';
import { withTenant } from '../db/tenant-scope.js';
import type { AuthContext } from '../http/auth-context.js';
import { setSocketCutter } from './publish.js';

export type Room =
  | { kind: 'tenant' }
  | { kind: 'admins' }
  /**
   * Admins without a channel limit: every ticket and message event of the company. An admin
   * limited to some channels (SPEC §3 User "channels") stays out and is judged ticket by ticket.
   */
  | { kind: 'ticketAdmins' }
  | { kind: 'user'; userId: number }
  /** Every socket of one login session: cut when the session is revoked. */
  | { kind: 'session'; sessionId: string }
  | { kind: 'queue'; queueId: number }
  /** A web chat visitor's widget, on the `/webchat` namespace (channels/webchat). */
  | { kind: 'webchat'; channelId: number; visitorId: string };

/** The namespace a room lives on: staff sockets on `/`, widget sockets on `/webchat`. */
const namespaceOf = (room: Room) => (room.kind === 'webchat' ? '/webchat' : '/');

export function roomName(tenantId: number, room: Room): string {
  switch (room.kind) {
    case 'tenant':
      return `tenant:${tenantId}`;
    case 'admins':
      return `tenant:${tenantId}:admins`;
    case 'ticketAdmins':
      return `tenant:${tenantId}:admins:tickets`;
    case 'user':
      return `tenant:${tenantId}:user:${room.userId}`;
    case 'session':
      return `tenant:${tenantId}:session:${room.sessionId}`;
    case 'queue':
      return `tenant:${tenantId}:queue:${room.queueId}`;
    case 'webchat':
      return `tenant:${tenantId}:webchat:${room.channelId}:visitor:${room.visitorId}`;
  }
}

export interface Realtime {
  emit(tenantId: number, room: Room, event: string, payload: unknown): void;
  /** Disconnects the staff sockets in these rooms, on every instance (through Redis when set). */
  disconnect(tenantId: number, rooms: Room[]): void;
  /** `authenticate` answers the session's user, with its rules (AccessRules) when it read them. */
  attach(server: HttpServer, authenticate: (token: string | undefined) => Promise<AuthContext>): void;
  /**
   * Lets a channel serve its own namespace; `setup` must authenticate sockets and join them only
   * to tenant-prefixed rooms. Called before `attach`, it runs once the server is attached.
   */
  useNamespace(name: string, setup: (nsp: Namespace) => void): void;
  /** Connected clients of this instance (metrics): engine connections and sockets by namespace. */
  stats(): { clients: number; sockets: Record<string, number> };
  close(): Promise<void>;
}

export function createRealtime(config: Config, db: Database, log: FastifyBaseLogger): Realtime {
  let io: Server | undefined;
  let closing = false;
  const redis: Redis[] = [];
  const namespaces: [string, (nsp: Namespace) => void][] = [];
  const inflight = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  };
  /**
   * The rooms the verified token gives, joined in the handshake (before the client is told it is
   * connected), so no event sent to them meanwhile is missed; `limited` is the user's channel
   * limit as the session read found it.
   */
  function handshakeRooms(auth: AuthContext, limited: boolean): string[] {
    const t = auth.tenantId;
    const rooms = [
      roomName(t, { kind: 'user', userId: auth.userId }),
      roomName(t, { kind: 'session', sessionId: auth.sessionId }),
      roomName(t, { kind: 'tenant' }),
    ];
    if (auth.isAdmin) rooms.push(roomName(t, { kind: 'admins' }));
    if (auth.isAdmin && !limited) rooms.push(roomName(t, { kind: 'ticketAdmins' }));
    return rooms;
  }
  /**
   * The rooms a cut addresses (user, session) were joined in the handshake and the session, queues
   * and channels are read after: a revocation, queue or channel change committed meanwhile either
   * finds the socket in those rooms or is visible to these reads, so no socket stays in rooms it no
   * longer belongs to.
   */
  async function joinRooms(socket: Socket, auth: AuthContext): Promise<void> {
    const t = auth.tenantId;
    const { live, queueRows, channelRows } = await withTenant(db, t, async (scope) => ({
      live: await scope.first(authSessions, and(eq(authSessions.id, auth.sessionId), isNull(authSessions.revokedAt))!),
      queueRows: await scope.select(userQueues, eq(userQueues.userId, auth.userId)),
      channelRows: await scope.select(userChannels, eq(userChannels.userId, auth.userId)).limit(1),
    }));
    if (!live || socket.disconnected) {
      socket.disconnect(true);
      return;
    }
    const ticketAdmins = roomName(t, { kind: 'ticketAdmins' });
    if (auth.isAdmin && channelRows.length === 0) await socket.join(ticketAdmins);
    else await socket.leave(ticketAdmins);
    await socket.join(queueRows.map((q) => roomName(t, { kind: 'queue', queueId: q.queueId })));
  }
  const realtime: Realtime = {
    emit(tenantId, room, event, payload) {
      if (closing) return;
      io?.of(namespaceOf(room)).to(roomName(tenantId, room)).emit(event, payload);
    },
    disconnect(tenantId, rooms) {
      const names = rooms.filter((r) => namespaceOf(r) === '/').map((r) => roomName(tenantId, r));
      if (closing || !io || names.length === 0) return;
      io.in(names).disconnectSockets(true);
    },
    stats() {
      if (!io) return { clients: 0, sockets: {} };
      const sockets: Record<string, number> = {};
      for (const [name, nsp] of io._nsps) sockets[name] = nsp.sockets.size;
      return { clients: io.engine.clientsCount, sockets };
    },
    useNamespace(name, setup) {
      if (io) setup(io.of(name));
      else namespaces.push([name, setup]);
    },
    attach(server, authenticate) {
      io = new Server(server, {
        path: '/socket.io',
        pingTimeout: 20_000,
        pingInterval: 25_000,
        connectTimeout: 20_000,
        serveClient: false,
      });
      if (config.redisUrl) {
        const pub = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
        const sub = pub.duplicate();
        for (const r of [pub, sub]) r.on('error', (err) => log.warn({ err }, 'redis connection error'));
        redis.push(pub, sub);
        io.adapter(createAdapter(pub, sub, { key: config.realtimeKey }));
      }
      for (const [name, setup] of namespaces) setup(io.of(name));
      io.use(async (socket, next) => {
        try {
          const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
          // The rules are for one request; a socket reads them fresh (AuthContext.rules).
          const { rules, ...auth } = await authenticate(token);
          socket.data.auth = auth;
          await socket.join(handshakeRooms(auth, (rules?.channelIds.length ?? 0) > 0));
          next();
        } catch (e) {
          next(Object.assign(new Error((e as Error).message), { data: { error: (e as Error).message } }));
        }
      });
      io.on('connection', (socket) => {
        const auth = socket.data.auth as AuthContext;
        const t = auth.tenantId;
        // Presence (internal chat): online, idle (online without input, setUserIdle) or offline.
        const setOnline = async (isOnline: boolean, isIdle = false) => {
          await withTenant(db, t, (scope) =>
            scope.update(users, { isOnline, isIdle, lastOnlineAt: new Date() }, and(eq(users.id, auth.userId))!),
          );
          // Once closing, Redis is going away: a publish now would reject unhandled.
          if (closing) return;
          const presence = !isOnline ? 'offline' : isIdle ? 'idle' : 'online';
          io?.to(roomName(t, { kind: 'tenant' })).emit('user:online', { userId: auth.userId, isOnline });
          io?.to(roomName(t, { kind: 'tenant' })).emit('user:presence', { userId: auth.userId, presence });
        };
        // Handlers first: the client announces itself as soon as it is connected, while the queue
        // rooms below are still being joined.
        // The client says which tenant it thinks it is in; the server only accepts its own.
        socket.on('setUserActive', (tenantId: unknown) => {
          if (Number(tenantId) !== t || closing) return;
          track(setOnline(true).catch((err) => log.warn({ err }, 'setUserActive failed')));
        });
        socket.on('setUserIdle', (tenantId: unknown) => {
          if (Number(tenantId) !== t || closing) return;
          track(setOnline(true, true).catch((err) => log.warn({ err }, 'setUserIdle failed')));
        });
        socket.on('disconnect', () => {
          if (closing) return;
          track(
            (async () => {
              try {
                // Other tabs, possibly on other instances, keep the user online.
                const left = await io?.in(roomName(t, { kind: 'user', userId: auth.userId })).fetchSockets();
                if (!closing && (!left || left.length === 0)) await setOnline(false);
              } catch (err) {
                log.warn({ err }, 'presence update on disconnect failed');
              }
            })(),
          );
        });
        track(
          joinRooms(socket, auth).catch((err) => {
            log.warn({ err }, 'socket rooms could not be joined');
            socket.disconnect(true);
          }),
        );
      });
    },
    async close() {
      closing = true;
      // Presence updates under way finish (or give up) before Redis and the pool go.
      await Promise.race([Promise.allSettled([...inflight]), new Promise((r) => setTimeout(r, 6000))]);
      // Sockets are upgraded connections the HTTP server does not track: end them first, or
      // closing the server waits for them forever. The HTTP server itself is Fastify's to close.
      if (io) {
        io.local.disconnectSockets(true);
        io.engine.close();
        io.removeAllListeners();
      }
      // quit waits for the replies of commands already sent; disconnect would reject them.
      await Promise.allSettled(redis.map(quitRedis));
    },
  };
  setSocketCutter(db, (tenantId, rooms) => realtime.disconnect(tenantId, rooms));
  return realtime;
}

/** Ends a Redis connection after its pending replies; a connection that cannot answer is cut. */
async function quitRedis(r: Redis): Promise<void> {
  // Still connecting (an app closed right after it started): let it finish, so the commands
  // queued meanwhile get their replies instead of being rejected by a cut.
  if (r.status === 'connecting' || r.status === 'connect' || r.status === 'reconnecting')
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      r.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  if (r.status !== 'ready') {
    r.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      r.disconnect();
      resolve();
    }, 2000);
  });
  await Promise.race([
    r.quit().then(
      () => undefined,
      () => r.disconnect(),
    ),
    cut,
  ]);
  clearTimeout(timer);
}
