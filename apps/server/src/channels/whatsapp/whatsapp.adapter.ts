/**
 * The WhatsApp Web channel (type `whatsapp`), through Baileys: paired by QR code, one socket per
 * channel kept by the session supervisor on one app instance (whatsapp.session.ts). Updates are
 * stored raw first (ctx.receive) and parsed by the inbound job (whatsapp.parser.ts); agents' messages
 * go out through the live socket (whatsapp.send.ts).
 *
 * Reactions, edits and deletions: the messages module changes them in Prosa only (it does not call
 * adapters for them), so they are not claimed here.
 */
import { LIMITS } from '@prosa/contracts';
import { registerChannelAdapter } from '../registry.js';
import type { ChannelAdapter, ChannelSession } from '../types.js';
import { parseWhatsapp } from './whatsapp.parser.js';
import { sendWhatsapp } from './whatsapp.send.js';
import { connectWhatsapp, type SessionOptions } from './whatsapp.session.js';

export type WhatsappAdapterOptions = SessionOptions;

/** Sessions started in this process by channel id, so `disconnect` stops its own. */
const sessions = new Map<number, ChannelSession>();

export function createWhatsappAdapter(opts: WhatsappAdapterOptions = {}): ChannelAdapter {
  return {
    type: 'whatsapp',
    // SPEC §9: up to 100 MB in the message input (WhatsApp takes documents up to 2 GB).
    capabilities: { media: true, reactions: false, edit: false, delete: false, maxFileBytes: LIMITS.messageInput },
    send: sendWhatsapp,
    parse: parseWhatsapp,
    async connect(ctx) {
      const id = ctx.channel.id;
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
    async disconnect(_platform, channel) {
      await sessions.get(channel.id)?.stop();
    },
  };
}

export const whatsappAdapter = createWhatsappAdapter();

registerChannelAdapter(whatsappAdapter);
