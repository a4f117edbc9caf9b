// SECURITY-CRITICAL: the widget's live connection. A socket on `/webchat` is accepted only with a
// valid visitor token whose channel still exists, and the server joins it to that one visitor's
// tenant-prefixed room (house rule 7); the client never names a room.
import { and, eq } from 'drizzle-orm';
import type { Namespace, Socket } from 'socket.io';
import { channels } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import { roomName } from '../../platform/realtime/realtime.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { ackVisitorMessage } from './commands/ack-visitor-message.js';
import { verifyVisitorToken, type VisitorClaims } from './visitor-token.js';

export const WEBCHAT_NAMESPACE = '/webchat';
/** Acknowledgements a widget may send per minute; more are dropped, not queued. */
const ACKS_PER_MINUTE = 120;

interface WidgetSocketData {
  visitor: VisitorClaims;
  channel: ChannelRow;
  acks: { windowStart: number; count: number };
}

export function setupWebchatNamespace(platform: Platform) {
  return (nsp: Namespace) => {
    nsp.use(async (socket, next) => {
      const refuse = () => next(Object.assign(new Error('ERR_SESSION_EXPIRED'), { data: { error: 'ERR_SESSION_EXPIRED' } }));
      try {
        const raw = socket.handshake.auth?.token;
        const visitor = await verifyVisitorToken(typeof raw === 'string' ? raw : undefined, platform.config.jwtSecret);
        if (!visitor) return refuse();
        const channel = await withTenant(platform.db, visitor.tenantId, (scope) =>
          scope.first(channels, and(eq(channels.id, visitor.channelId), eq(channels.type, 'webchat'))),
        );
        if (!channel) return refuse();
        const data: WidgetSocketData = { visitor, channel, acks: { windowStart: Date.now(), count: 0 } };
        socket.data = data;
        next();
      } catch (err) {
        platform.log.warn({ err }, 'webchat socket handshake failed');
        refuse();
      }
    });
    nsp.on('connection', async (socket: Socket) => {
      const { visitor, channel } = socket.data as WidgetSocketData;
      await socket.join(
        roomName(visitor.tenantId, { kind: 'webchat', channelId: channel.id, visitorId: visitor.visitorId }),
      );
      socket.on('ack', async (payload: unknown, reply?: unknown) => {
        const done = typeof reply === 'function' ? (reply as (r: unknown) => void) : () => undefined;
        const { id, status } = (payload ?? {}) as { id?: unknown; status?: unknown };
        const messageId = Number(id);
        if (!Number.isSafeInteger(messageId) || messageId <= 0 || (status !== 'delivered' && status !== 'read')) {
          return done({ ok: false });
        }
        if (!withinAckLimit(socket.data as WidgetSocketData)) return done({ ok: false });
        try {
          done({ ok: await ackVisitorMessage(platform, channel, visitor.visitorId, messageId, status) });
        } catch (err) {
          platform.log.warn({ err }, 'webchat ack failed');
          done({ ok: false });
        }
      });
    });
  };
}

function withinAckLimit(data: WidgetSocketData): boolean {
  const now = Date.now();
  if (now - data.acks.windowStart > 60_000) data.acks = { windowStart: now, count: 0 };
  data.acks.count++;
  return data.acks.count <= ACKS_PER_MINUTE;
}
