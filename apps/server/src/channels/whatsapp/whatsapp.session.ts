/**
 * The WhatsApp Web connection of one channel (Baileys), run by the session supervisor on one app
 * instance. Pairing is by QR code: each `qr` is reported (status qrcode, admins only); `open`
 * reports CONNECTED with the account's number. A dropped connection is reopened with exponential
 * backoff (1 s doubling up to a minute), reported as TIMEOUT then OPENING with the retry count,
 * which returns to 0 once open. WhatsApp saying the device is gone (logged out from the phone,
 * banned, replaced by another client) ends the session: DISCONNECTED, and the pairing is forgotten
 * when it cannot be used again. No internet call of its own: the WhatsApp Web version is pinned.
 * The channel's proxy, if it has one, carries the socket and its media uploads; the contacts the
 * phone shares are kept for POST /contacts/sync (whatsapp.contact-store.ts) and forgotten with
 * the pairing.
 */
import type { ConnectionState, SignalKeyStore, UserFacingSocketConfig, WAVersion } from 'baileys';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelSession, SessionContext, SessionState } from '../../modules/channels/channel-adapter.js';
import { sessionKeyCache, useDbAuthState, type DbAuthState } from './whatsapp.auth-state.js';
import { importPeriodOf } from './whatsapp.history.js';
import { clearStore, contactStoreWriter, type ContactStoreWriter } from './whatsapp.contact-store.js';
import { bindInbound, inboundQueue, type InboundQueue } from './whatsapp.events.js';
import { proxyAgentOf } from '../../platform/security/proxy.js';
import { baileys, phoneOf, type BaileysModule } from './whatsapp.jid.js';
import { setLiveSocket, withTimeout, type MakeSocket, type WaSocket } from './whatsapp.socket.js';

export interface SessionOptions {
  /** Makes the socket: Baileys' makeWASocket by default, a fake in tests. */
  makeSocket?: MakeSocket;
  /** WhatsApp Web version announced; Baileys' bundled one by default (never fetched at runtime). */
  version?: WAVersion;
  /** Wait before reconnect number `retries` (1, 2, ...). */
  backoffMs?: (retries: number) => number;
  /** Wait between tries of storing one update. */
  receiveRetryMs?: number;
}

export const defaultBackoff = (retries: number) => Math.min(1000 * 2 ** Math.max(retries - 1, 0), 60_000);
/** The name the phone shows under "Linked devices". */
export const BROWSER: [string, string, string] = ['Prosa', 'Chrome', '1.0.0'];

/** Close codes (Baileys' DisconnectReason) after which reconnecting cannot help. */
const LOGGED_OUT = 401;
const FORBIDDEN = 403;
const MULTIDEVICE_MISMATCH = 411;
const CONNECTION_REPLACED = 440;
const RESTART_REQUIRED = 515;

const closeCode = (u: Partial<ConnectionState>) =>
  (u.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

/** Baileys logs a lot at info; it gets its own logger at warn (or quieter, as the app's). */
function baileysLogger(log: FastifyBaseLogger, channelId: number) {
  const quiet = (log as unknown as { levelVal?: number }).levelVal ?? 30;
  return log.child({ channelId, module: 'baileys' }, { level: quiet > 40 ? log.level : 'warn' });
}

/** makeWASocket's `agent` (the WebSocket) and `fetchAgent` (media uploads), when the channel has a proxy. */
export function proxyOptionsOf(proxy: string): Pick<UserFacingSocketConfig, 'agent' | 'fetchAgent'> {
  // Typed as https.Agent by Baileys: proxy agents are http.Agents that also open TLS connections.
  const agent = proxyAgentOf(proxy) as UserFacingSocketConfig['agent'];
  return agent ? { agent, fetchAgent: agent } : {};
}

class WhatsappSession implements ChannelSession {
  private socket: WaSocket | null = null;
  private retries = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly queue: InboundQueue;
  private readonly contacts: ContactStoreWriter;
  private readonly backoff: (n: number) => number;
  private logger: ReturnType<typeof baileysLogger> | undefined;
  private keys: SignalKeyStore | undefined;
  private reports: Promise<void> = Promise.resolve();

  constructor(
    private readonly B: BaileysModule,
    private readonly ctx: SessionContext,
    private readonly auth: DbAuthState,
    private readonly opts: SessionOptions,
  ) {
    this.queue = inboundQueue(ctx, opts.receiveRetryMs);
    this.contacts = contactStoreWriter(ctx.platform, ctx.channel);
    this.backoff = opts.backoffMs ?? defaultBackoff;
  }

  private get log() {
    return this.ctx.platform.log;
  }

  /** Reports are saved one after another, in the order the socket's events came. */
  private report(state: SessionState): Promise<void> {
    this.reports = this.reports.then(async () => {
      if (this.stopped) return;
      try {
        await this.ctx.report(state);
      } catch (err) {
        this.log.warn({ err, channelId: this.ctx.channel.id }, 'whatsapp: session state not saved');
      }
    });
    return this.reports;
  }

  open(): void {
    if (this.stopped) return;
    const { B, ctx, auth } = this;
    const logger = (this.logger ??= baileysLogger(this.log, ctx.channel.id));
    // One key cache per session (not per socket): reconnects reuse what was read.
    this.keys ??= B.makeCacheableSignalKeyStore(auth.state.keys, logger, sessionKeyCache());
    // History is asked for in full only to import a period (SPEC §3); otherwise Baileys' default.
    const importing = importPeriodOf(ctx.channel) !== null;
    const config: UserFacingSocketConfig = {
      version: this.opts.version ?? B.DEFAULT_CONNECTION_CONFIG.version,
      browser: BROWSER,
      logger,
      auth: { creds: auth.state.creds, keys: this.keys },
      // Our own sends are recorded by the outbox; their echo would be a second row.
      emitOwnEvents: false,
      // The phone keeps its notifications while Prosa is connected.
      markOnlineOnConnect: false,
      syncFullHistory: importing,
      ...(importing ? { shouldSyncHistoryMessage: () => true } : {}),
      generateHighQualityLinkPreview: false,
      // The channel's proxy carries the socket and the media uploads (platform/security/proxy.ts).
      ...proxyOptionsOf(ctx.channel.proxy),
    };
    const socket = (this.opts.makeSocket ?? B.makeWASocket)(config);
    this.socket = socket;
    const current = () => this.socket === socket && !this.stopped;
    socket.ev.on('creds.update', () => {
      if (!this.stopped) void auth.saveCreds().catch(() => undefined);
    });
    socket.ev.on('connection.update', (u) => {
      if (current()) void this.onConnection(socket, u);
    });
    bindInbound(B, ctx, socket, this.queue, current);
    this.contacts.bind(socket, current);
  }

  /** The pairing is gone: so is what the account knew (another phone may pair next). */
  private async forget(): Promise<void> {
    await this.auth.clear();
    await this.contacts.drain();
    await clearStore(this.ctx.platform, this.ctx.channel).catch((err: unknown) =>
      this.log.warn({ err, channelId: this.ctx.channel.id }, 'whatsapp: contacts of the pairing not cleared'),
    );
  }

  private async onConnection(socket: WaSocket, u: Partial<ConnectionState>): Promise<void> {
    const channelId = this.ctx.channel.id;
    if (u.qr) await this.report({ status: 'qrcode', qrcode: u.qr });
    if (u.connection === 'open') {
      this.retries = 0;
      const number = phoneOf(socket.user?.id);
      setLiveSocket(channelId, {
        tenantId: this.ctx.channel.tenantId,
        platform: this.ctx.platform,
        socket,
        number,
        jids: new Map(),
      });
      await this.report({ status: 'CONNECTED', number, retries: 0 });
      return;
    }
    if (u.connection !== 'close') return;
    setLiveSocket(channelId, null, socket);
    this.socket = null;
    const code = closeCode(u);
    const paired = !!this.auth.state.creds.me;
    if (code === LOGGED_OUT || code === FORBIDDEN || code === MULTIDEVICE_MISMATCH || !paired) {
      // Unpaired from the phone, refused, or the QR code was never scanned: a fresh QR is needed.
      this.log.info({ channelId, code, paired }, 'whatsapp: session ended, pairing cleared');
      await this.forget();
      await this.report({ status: 'DISCONNECTED', retries: 0 });
      return;
    }
    if (code === CONNECTION_REPLACED) {
      // Another client opened this pairing: reconnecting would throw it out, and it us, forever.
      this.log.warn({ channelId }, 'whatsapp: connection replaced by another client');
      await this.report({ status: 'DISCONNECTED' });
      return;
    }
    if (code === RESTART_REQUIRED) {
      // Asked by WhatsApp right after pairing: not a failure.
      await this.report({ status: 'OPENING', retries: this.retries });
      this.open();
      return;
    }
    this.retries++;
    this.log.warn({ channelId, code, retries: this.retries }, 'whatsapp: connection closed, reconnecting');
    await this.report({ status: 'TIMEOUT', retries: this.retries });
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.report({ status: 'OPENING', retries: this.retries }).then(() => this.open());
    }, this.backoff(this.retries));
  }

  async stop(opts: { logout?: boolean } = {}): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    if (socket) setLiveSocket(this.ctx.channel.id, null, socket);
    if (socket && opts.logout) {
      await withTimeout(socket.logout(), 5_000, 'logout').catch((err: unknown) =>
        this.log.warn({ err, channelId: this.ctx.channel.id }, 'whatsapp: logout not confirmed'),
      );
    }
    if (socket) await Promise.resolve(socket.end(undefined)).catch(() => undefined);
    await this.queue.drain();
    await this.contacts.drain();
    if (opts.logout) await this.forget();
    await this.auth.flush();
  }
}

export async function connectWhatsapp(ctx: SessionContext, opts: SessionOptions = {}): Promise<ChannelSession> {
  const B = await baileys();
  const auth = await useDbAuthState(ctx.platform, ctx.channel);
  const session = new WhatsappSession(B, ctx, auth, opts);
  session.open();
  return session;
}
