/**
 * The WhatsApp Web channel (type `whatsapp`), through Baileys: paired by QR code, one socket per
 * channel kept by the session supervisor on one app instance (whatsapp.session.ts). Updates are
 * stored raw first (ctx.receive) and parsed by the inbound job (whatsapp.parser.ts); agents' messages
 * go out through the live socket (whatsapp.send.ts), and so do their reactions, edits and
 * deletions (whatsapp.actions.ts); the customer's arrive as updates like messages do.
 */
import { LIMITS } from '@prosa/contracts';
import type { Database } from '../../platform/db/client.js';
import { registerChannelAdapter } from '../../modules/channels/channel-registry.js';
import type { ChannelAdapter, ChannelSession } from '../../modules/channels/channel-adapter.js';
import { knownWhatsappContacts } from './whatsapp.contact-store.js';
import { deleteWhatsapp, editWhatsapp, reactWhatsapp } from './whatsapp.actions.js';
import { parseWhatsapp } from './whatsapp.parser.js';
import { enqueuePictures } from './whatsapp.pictures.js';
import { checkWhatsappNumber, sendWhatsapp } from './whatsapp.send.js';
import { connectWhatsapp, type SessionOptions } from './whatsapp.session.js';

export type WhatsappAdapterOptions = SessionOptions;

/**
 * Sessions started in this process by database and channel id, so `disconnect` stops its own and
 * never one of another app in the process whose database has a channel of the same id.
 */
const sessionsBy = new WeakMap<Database, Map<number, ChannelSession>>();
function sessionsOf(db: Database): Map<number, ChannelSession> {
  let sessions = sessionsBy.get(db);
  if (!sessions) sessionsBy.set(db, (sessions = new Map()));
  return sessions;
}

export function createWhatsappAdapter(opts: WhatsappAdapterOptions = {}): ChannelAdapter {
  return {
    type: 'whatsapp',
    // SPEC §9: up to 100 MB in the message input (WhatsApp takes documents up to 2 GB).
    capabilities: { media: true, reactions: true, edit: true, delete: true, maxFileBytes: LIMITS.messageInput },
    // Everything goes through the socket, which lives on the instance holding the session.
    liveSessionOnly: true,
    send: sendWhatsapp,
    react: reactWhatsapp,
    edit: editWhatsapp,
    delete: deleteWhatsapp,
    parse: parseWhatsapp,
    // The address book the phone shared (whatsapp.contact-store.ts) and pictures asked of the socket.
    knownContacts: knownWhatsappContacts,
    fetchPictures: (platform, channel, jids) => enqueuePictures(platform, channel, jids),
    checkNumber: checkWhatsappNumber,
    async connect(ctx) {
      const id = ctx.channel.id;
      const sessions = sessionsOf(ctx.platform.db);
      const session = await connectWhatsapp(ctx, opts);
      const own: ChannelSession = {
        async stop(o) {
          if (sessions.get(id) === own) sessions.delete(id);
          await session.stop(o);
        },
      };
      sessions.set(id, own);
      return own;
    },
    // The supervisor stops the running session first (logging out when asked); this only makes
    // sure nothing of this channel keeps running here. The pairing is kept unless logged out.
    async disconnect(platform, channel) {
      await sessionsOf(platform.db).get(channel.id)?.stop();
    },
  };
}

export const whatsappAdapter = createWhatsappAdapter();

registerChannelAdapter(whatsappAdapter);
