/**
 * The part of a Baileys socket Prosa uses, how one is made, and the sockets live in this process.
 * The factory is injectable (createWhatsappAdapter({ makeSocket })) so tests drive a fake socket
 * (fakes/fake-socket.ts) with recorded Baileys events and no network.
 *
 * Live sockets: the session supervisor keeps a channel's session on exactly one app instance, and
 * only that instance holds the socket. Sends (and other session jobs) are run there by
 * modules/channels/session/session-jobs.ts; parse uses the socket when it is here for media and profile
 * look-ups and works without it elsewhere (media is fetched from WhatsApp's CDN with the message's
 * keys, pictures are asked of the owner by a session job: whatsapp.pictures.ts).
 */
import type { UserFacingSocketConfig, WASocket } from 'baileys';
import type { Platform } from '../../platform/platform.js';

export type WaSocket = Pick<
  WASocket,
  | 'ev'
  | 'user'
  | 'sendMessage'
  | 'groupMetadata'
  | 'profilePictureUrl'
  | 'onWhatsApp'
  | 'logout'
  | 'end'
  | 'updateMediaMessage'
  | 'signalRepository'
  | 'rejectCall'
>;

export type MakeSocket = (config: UserFacingSocketConfig) => WaSocket;

export interface LiveSocket {
  tenantId: number;
  /** The app instance whose session opened it (one per process in production; tests run two). */
  platform: Platform;
  socket: WaSocket;
  /** The account's own phone digits (from the socket's user id). */
  number: string;
  /** onWhatsApp answers of this connection: digits -> the JID WhatsApp knows for them. */
  jids: Map<string, string>;
}

const live = new Map<number, LiveSocket>();

/** The open socket of a channel in this process, if any; with `platform`, only one that app instance opened. */
export function liveSocketOf(channelId: number, platform?: Platform): LiveSocket | undefined {
  const s = live.get(channelId);
  return s && (!platform || s.platform === platform) ? s : undefined;
}

export function setLiveSocket(channelId: number, s: LiveSocket | null, ifSocket?: WaSocket): void {
  if (s) live.set(channelId, s);
  else if (!ifSocket || live.get(channelId)?.socket === ifSocket) live.delete(channelId);
}

/** Promise.race with a timer: Baileys' own queries and downloads do not all take a signal. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
