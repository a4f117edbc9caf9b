/**
 * A stand-in for a Baileys socket: the events and methods Prosa uses, no network. Tests make it
 * emit recorded Baileys events (fixtures/) and read what Prosa sent through it. It behaves like
 * Baileys where Prosa depends on it: `end` and `logout` emit a connection close with Baileys'
 * codes, pairing writes `creds.me` into the auth state it was given and emits `creds.update`,
 * sendMessage answers a WAMessage whose key id is the one asked for.
 */
import { EventEmitter } from 'node:events';
import type {
  AnyMessageContent,
  BaileysEventMap,
  MiscMessageGenerationOptions,
  UserFacingSocketConfig,
  WAMessage,
} from 'baileys';
import type { MakeSocket, WaSocket } from '../whatsapp.socket.js';

export interface SentMessage {
  jid: string;
  content: AnyMessageContent;
  options?: MiscMessageGenerationOptions;
}

/** A Boom-like error as Baileys puts in lastDisconnect (only output.statusCode is read). */
export const closeError = (statusCode: number) =>
  Object.assign(new Error(`closed ${statusCode}`), { output: { statusCode } });

export class FakeSocket {
  readonly emitter = new EventEmitter();
  readonly sent: SentMessage[] = [];
  readonly calls: string[] = [];
  ended = false;
  loggedOut = false;
  /** Numbers onWhatsApp knows: digits -> the JID it answers. */
  readonly registered = new Map<string, string>();
  readonly groups = new Map<string, string>();
  readonly pictures = new Map<string, string>();
  readonly lidToPn = new Map<string, string>();
  /** rejectCall(callId, callFrom) as Prosa called it. */
  readonly rejected: { callId: string; callFrom: string }[] = [];
  /** The next N sendMessage calls throw. */
  failSends = 0;
  user: { id: string; lid?: string; name?: string } | undefined;

  constructor(readonly config: UserFacingSocketConfig) {}

  emit<T extends keyof BaileysEventMap>(event: T, arg: BaileysEventMap[T]): void {
    this.emitter.emit(event, arg);
  }

  /** Waits until Prosa's handlers ran (they are async). */
  async settle(ms = 50): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
  }

  showQr(qr: string): void {
    this.emit('connection.update', { qr, connection: 'connecting' });
  }

  /** The phone scanned the QR code: Baileys stores who we are in the creds and saves them. */
  pair(phoneDigits: string, name = 'Loja Prosa'): void {
    const me = { id: `${phoneDigits}:7@s.whatsapp.net`, lid: '99887766554433:7@lid', name };
    Object.assign(this.config.auth!.creds, { me, registered: true });
    this.emit('creds.update', { me });
  }

  open(): void {
    const me = this.config.auth?.creds.me;
    if (!me) throw new Error('fake socket: open() before pair()');
    this.user = { id: me.id, lid: me.lid, name: me.name };
    this.emit('connection.update', { connection: 'open' });
  }

  close(statusCode: number): void {
    this.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: closeError(statusCode), date: new Date() },
    });
  }

  asSocket(): WaSocket {
    const ev = {
      on: (event: string, fn: (arg: unknown) => void) => void this.emitter.on(event, fn),
      off: (event: string, fn: (arg: unknown) => void) => void this.emitter.off(event, fn),
      removeAllListeners: (event: string) => void this.emitter.removeAllListeners(event),
      emit: (event: string, arg: unknown) => this.emitter.emit(event, arg),
    };
    const user = () => this.user;
    const socket = {
      ev,
      get user() {
        return user();
      },
      sendMessage: async (jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) => {
        this.calls.push(`sendMessage:${jid}`);
        if (this.failSends > 0) {
          this.failSends--;
          throw new Error('Connection Closed');
        }
        this.sent.push({ jid, content, options });
        const id = options?.messageId ?? `3EB0${Math.random().toString(16).slice(2, 20).toUpperCase()}`;
        return {
          key: { remoteJid: jid, fromMe: true, id },
          messageTimestamp: Math.floor(Date.now() / 1000),
          status: 1,
        } as WAMessage;
      },
      groupMetadata: async (jid: string) => {
        this.calls.push(`groupMetadata:${jid}`);
        const subject = this.groups.get(jid);
        if (!subject) throw Object.assign(new Error('item-not-found'), { output: { statusCode: 404 } });
        return { id: jid, subject, participants: [] };
      },
      profilePictureUrl: async (jid: string) => {
        this.calls.push(`profilePictureUrl:${jid}`);
        const url = this.pictures.get(jid);
        if (!url) throw Object.assign(new Error('item-not-found'), { output: { statusCode: 404 } });
        return url;
      },
      onWhatsApp: async (...jids: string[]) => {
        this.calls.push(`onWhatsApp:${jids.join(',')}`);
        return jids.map((j) => {
          const hit = this.registered.get(j.split('@')[0]!);
          return hit ? { jid: hit, exists: true } : { jid: j, exists: false };
        });
      },
      logout: async () => {
        this.calls.push('logout');
        this.loggedOut = true;
        this.close(401);
      },
      end: async () => {
        this.calls.push('end');
        if (this.ended) return;
        this.ended = true;
        this.close(428);
      },
      updateMediaMessage: async (m: WAMessage) => m,
      // Baileys sends a <call><reject call-id call-creator count="0"/></call> stanza and awaits its ack.
      rejectCall: async (callId: string, callFrom: string) => {
        this.calls.push(`rejectCall:${callId}`);
        this.rejected.push({ callId, callFrom });
      },
      signalRepository: {
        lidMapping: { getPNForLID: async (lid: string) => this.lidToPn.get(lid) ?? null },
      },
    };
    // Only the members Prosa uses exist (see WaSocket); the rest of Baileys' surface is absent.
    return socket as unknown as WaSocket;
  }
}

/** A socket factory for createWhatsappAdapter({ makeSocket }) that keeps every socket it made. */
export function fakeSockets() {
  const made: FakeSocket[] = [];
  const makeSocket: MakeSocket = (config) => {
    const s = new FakeSocket(config);
    made.push(s);
    return s.asSocket();
  };
  return {
    makeSocket,
    made,
    last(): FakeSocket {
      const s = made.at(-1);
      if (!s) throw new Error('no socket made yet');
      return s;
    },
  };
}
