/**
 * The session supervisor: starts, restarts and stops the provider connection of each channel, and
 * makes sure a long-lived session (Telegram long polling, later Baileys) runs on exactly ONE app
 * instance even when several share one PostgreSQL.
 *
 * Design (a lease in the channel row, plus desired state):
 * - An instance runs a session only while it holds the channel's lease: `session_owner` = its id,
 *   `session_lease_until` in the future. It claims it with one conditional UPDATE (nobody holds it,
 *   the lease ran out, or it holds it already), renews its leases every ~20 s, and lets go when the
 *   session ends. A renewal that finds the lease gone (another instance took over after this one
 *   stalled) stops the local session without touching the row.
 * - A request served by an instance that does not own the session does not take it over (two
 *   pollers of one bot would fight). It writes what it wants into the row (`session_command`:
 *   restart, stop or logout; a disconnect also sets status DISCONNECTED at once) and the owner,
 *   which polls its own rows every ~2 s, acts on it. If the owner is dead, its lease is expired and
 *   the request simply claims the channel itself.
 * - Orphans: a channel that had an owner whose lease ran out (crash) and is not DISCONNECTED is
 *   reconnected by whichever instance's periodic scan (every ~30 s, and on start) claims it first.
 *   A graceful shutdown expires its leases (status unchanged), so another instance or the next
 *   start picks them up at once. Webhook-only connections (the adapter answers no session) keep no
 *   owner, so the scan never touches them.
 * - Work that needs the live session but is picked up by another instance (a WhatsApp Web send
 *   from the shared job queue) is handed to the owner: session-jobs.ts, over session-rpc.ts, which
 *   this supervisor starts with its sessions and serves while the instance runs.
 * Channel types without `connect` (web chat) are simply CONNECTED.
 */
import { randomUUID } from 'node:crypto';
import { isErrorCode } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { channels } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { ChannelSessions, Platform } from '../../../platform/platform.js';
import { storeInbound } from '../../messages/inbound/store-inbound.js';
import { channelAdapters } from '../channel-registry.js';
import { reportSession } from './session-state.js';
import { ChannelSendError, type ChannelRow, type ChannelSession, type SessionState } from '../channel-adapter.js';
import { claimLease, expireLease, releaseLease, sendCommand } from './lease.js';
import { serveSessionJob } from './session-jobs.js';
import { SessionRpc, type RpcTimings } from './session-rpc.js';
import { SessionTimers } from './session-timers.js';

export interface SessionSupervisorOptions {
  /** This app instance's name in `session_owner` (random by default). */
  instanceId?: string;
  /** How long a claim holds without renewal. */
  leaseMs?: number;
  renewMs?: number;
  /** How often the owner looks for commands left by other instances. */
  pollMs?: number;
  /** How often orphaned sessions are looked for. */
  scanMs?: number;
  /** Waits of calls to other instances (session-rpc.ts); tests shorten them. */
  rpcTimings?: RpcTimings;
}

/** One connection attempt; its reports count only while it is live (a replaced session is muted). */
interface Attempt {
  live: boolean;
  ended: boolean;
  lastStatus?: SessionState['status'];
}
export interface Running {
  tenantId: number;
  session: ChannelSession;
  attempt: Attempt;
}
export type StartOrigin = 'user' | 'scan' | 'command';

/** Errors a retry cannot fix: the scan gives up on these (DISCONNECTED) instead of retrying. */
const PERMANENT = new Set(['ERR_CHANNEL_TOKEN_INVALID', 'ERR_CHANNEL_NOT_SUPPORTED']);

function connectError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ChannelSendError && isErrorCode(err.message)) return new AppError(err.message);
  return new AppError('ERR_WAPP_NOT_INITIALIZED');
}

export class SessionSupervisor implements ChannelSessions {
  readonly instanceId: string;
  readonly leaseMs: number;
  /** Sessions this instance runs, by channel id. */
  readonly running = new Map<number, Running>();
  private readonly locks = new Map<number, Promise<unknown>>();
  /** Background steps (renew, poll, scan); public so tests can run one step at a time. */
  readonly timers: SessionTimers;
  /** Calls to and from other instances for work that needs a session held elsewhere. */
  readonly rpc: SessionRpc;
  private closing = false;

  constructor(
    private readonly platformOf: () => Platform,
    opts: SessionSupervisorOptions = {},
  ) {
    this.instanceId = opts.instanceId ?? randomUUID();
    // SESSION_LEASE_MS (default 60 s) shortens the lease for tests of a failover (faults/); the
    // renewal runs at a third of it and the orphan scan at half, as with the default.
    this.leaseMs = opts.leaseMs ?? (Number(process.env.SESSION_LEASE_MS) || 60_000);
    this.timers = new SessionTimers(this, {
      renewMs: opts.renewMs ?? Math.round(this.leaseMs / 3),
      pollMs: opts.pollMs ?? 2_000,
      scanMs: opts.scanMs ?? Math.round(this.leaseMs / 2),
    });
    this.rpc = new SessionRpc(
      this.instanceId,
      () => this.platform,
      (req) => serveSessionJob(this.platform, req),
      opts.rpcTimings,
    );
  }

  get platform(): Platform {
    return this.platformOf();
  }

  isRunning(channelId: number): boolean {
    return this.running.has(channelId);
  }

  /** Connects the channel; a running session is restarted (a fresh attempt is what the user asks). */
  connect(tenantId: number, channelId: number): Promise<ChannelRow> {
    return this.withLock(channelId, () => this.start(tenantId, channelId, 'user'));
  }

  restart(tenantId: number, channelId: number): Promise<ChannelRow> {
    return this.connect(tenantId, channelId);
  }

  /** Stops the session wherever it runs and ends the provider side; `logout` also unpairs. */
  disconnect(tenantId: number, channelId: number, opts: { logout?: boolean } = {}): Promise<ChannelRow> {
    return this.withLock(channelId, async () => {
      const row = await this.load(tenantId, channelId);
      const logout = opts.logout ?? false;
      const local = this.running.get(channelId);
      if (local) await this.stopLocal(channelId, local, { logout });
      else if (channelAdapters[row.type]?.connect) {
        const asked = await withTenant(this.platform.db, tenantId, (s) =>
          sendCommand(s, channelId, this.instanceId, logout ? 'logout' : 'stop'),
        );
        if (asked) {
          // The owner stops it within a poll; the wish is visible at once.
          await reportSession(this.platform, tenantId, channelId, { status: 'DISCONNECTED' });
          return this.load(tenantId, channelId);
        }
      }
      await this.endProviderSide(row);
      await withTenant(this.platform.db, tenantId, (s) => releaseLease(s, channelId, this.instanceId));
      await reportSession(this.platform, tenantId, channelId, { status: 'DISCONNECTED', retries: 0 });
      return this.load(tenantId, channelId);
    });
  }

  /** Starts the background work (lease renewal, commands, orphan scan) and reconnects orphans. */
  async startAll(): Promise<void> {
    this.closing = false;
    this.rpc.resume();
    await this.startRpc();
    await this.timers.start();
  }

  /** Shutdown: stops local sessions without logging out and hands their leases back. */
  async stopAll(): Promise<void> {
    this.closing = true;
    await this.timers.stop();
    await Promise.allSettled([...this.locks.values()]);
    for (const [id, r] of [...this.running]) {
      await this.withLock(id, async () => {
        if (this.running.get(id) !== r) return;
        await this.stopLocal(id, r, { logout: false });
        await withTenant(this.platform.db, r.tenantId, (s) => expireLease(s, id, this.instanceId)).catch((err) =>
          this.platform.log.warn({ err, channelId: id }, 'session lease not handed back'),
        );
      });
    }
    await this.rpc.stop();
  }

  /** One action per channel at a time on this instance. */
  withLock<R>(channelId: number, fn: () => Promise<R>): Promise<R> {
    const prev = this.locks.get(channelId) ?? Promise.resolve();
    const next = prev.then(fn);
    const tail = next.catch(() => undefined);
    this.locks.set(channelId, tail);
    void tail.then(() => {
      if (this.locks.get(channelId) === tail) this.locks.delete(channelId);
    });
    return next;
  }

  /** Claims the channel and connects it here (caller holds the channel's lock). */
  async start(tenantId: number, channelId: number, origin: StartOrigin): Promise<ChannelRow> {
    const { platform } = this;
    const row = await this.load(tenantId, channelId);
    const adapter = channelAdapters[row.type];
    if (!adapter) throw new AppError('ERR_CHANNEL_NOT_SUPPORTED');
    if (origin === 'scan' && (row.status === 'DISCONNECTED' || this.running.has(channelId))) return row;
    if (!adapter.connect) {
      await reportSession(platform, tenantId, channelId, { status: 'CONNECTED', retries: 0 });
      return this.load(tenantId, channelId);
    }
    if (this.closing) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    // Before claiming: other instances hand this one the session's work once it owns it.
    await this.startRpc();
    const local = this.running.get(channelId);
    if (local) await this.stopLocal(channelId, local, { logout: false });

    const claimed = await this.claimOrAsk(tenantId, channelId, origin);
    if (!claimed) return row;
    this.timers.ensureRunning();
    await reportSession(platform, tenantId, channelId, { status: 'OPENING' });
    const attempt: Attempt = { live: true, ended: false };
    let session: ChannelSession | void;
    try {
      session = await adapter.connect({
        platform,
        channel: claimed,
        report: (state) => this.report(tenantId, channelId, attempt, state),
        receive: async (payload) => void (await storeInbound(platform, claimed, payload)),
      });
    } catch (err) {
      attempt.live = false;
      const error = connectError(err);
      if (!(err instanceof AppError)) platform.log.warn({ err, channelId }, 'channel connection failed');
      await this.failed(claimed, origin, error);
      throw error;
    }
    if (!session) {
      // Webhook-only provider: nothing runs here, so nothing is held.
      await withTenant(platform.db, tenantId, (s) => releaseLease(s, channelId, this.instanceId));
      if (attempt.live && attempt.lastStatus !== 'CONNECTED') {
        await reportSession(platform, tenantId, channelId, { status: 'CONNECTED', retries: 0 });
      }
      return this.load(tenantId, channelId);
    }
    if (attempt.ended || this.closing) {
      // It ended while connecting, or the app is shutting down: do not keep it.
      attempt.live = false;
      await session.stop().catch((err) => platform.log.warn({ err, channelId }, 'session stop failed'));
      await withTenant(platform.db, tenantId, (s) =>
        attempt.ended ? releaseLease(s, channelId, this.instanceId) : expireLease(s, channelId, this.instanceId),
      );
      return this.load(tenantId, channelId);
    }
    this.running.set(channelId, { tenantId, session, attempt });
    return this.load(tenantId, channelId);
  }

  /** Stops the local session of a channel (caller holds the lock); the lease is left as it is. */
  async stopLocal(channelId: number, r: Running, opts: { logout: boolean }): Promise<void> {
    r.attempt.live = false;
    if (this.running.get(channelId) === r) this.running.delete(channelId);
    try {
      await r.session.stop({ logout: opts.logout });
    } catch (err) {
      this.platform.log.warn({ err, channelId }, 'session stop failed');
    }
  }

  /** Ends the provider side of a channel (webhook removal, logout); failures do not block. */
  async endProviderSide(row: ChannelRow): Promise<void> {
    const adapter = channelAdapters[row.type];
    if (!adapter?.disconnect) return;
    try {
      await adapter.disconnect(this.platform, row);
    } catch (err) {
      this.platform.log.warn({ err, channelId: row.id }, 'provider disconnect failed');
    }
  }

  async load(tenantId: number, channelId: number): Promise<ChannelRow> {
    const row = await withTenant(this.platform.db, tenantId, (s) => s.first(channels, eq(channels.id, channelId)));
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
    return row;
  }

  /** Claims the lease; when another live instance holds it, asks that one to restart instead. */
  private async claimOrAsk(tenantId: number, channelId: number, origin: StartOrigin): Promise<ChannelRow | undefined> {
    const { db } = this.platform;
    for (let i = 0; i < 3; i++) {
      const claimed = await withTenant(db, tenantId, (s) => claimLease(s, channelId, this.instanceId, this.leaseMs));
      if (claimed || origin === 'scan') return claimed;
      if (await withTenant(db, tenantId, (s) => sendCommand(s, channelId, this.instanceId, 'restart'))) return undefined;
      // The holder let go between the two statements: try to claim again.
    }
    return undefined;
  }

  /** A failed connection: the scan retries later unless the error is permanent; a person sees it. */
  private async failed(channel: ChannelRow, origin: StartOrigin, error: AppError): Promise<void> {
    const { db } = this.platform;
    if (origin === 'scan' && !PERMANENT.has(error.code)) {
      await withTenant(db, channel.tenantId, (s) => expireLease(s, channel.id, this.instanceId));
      await reportSession(this.platform, channel.tenantId, channel.id, { status: 'TIMEOUT', retries: channel.retries + 1 });
      return;
    }
    await withTenant(db, channel.tenantId, (s) => releaseLease(s, channel.id, this.instanceId));
    await reportSession(this.platform, channel.tenantId, channel.id, { status: 'DISCONNECTED' });
  }

  /** ctx.report of a session: saved and published while the attempt is live; DISCONNECTED ends it. */
  private async report(tenantId: number, channelId: number, attempt: Attempt, state: SessionState): Promise<void> {
    if (!attempt.live) return;
    await reportSession(this.platform, tenantId, channelId, state);
    attempt.lastStatus = state.status;
    if (state.status !== 'DISCONNECTED') return;
    attempt.live = false;
    attempt.ended = true;
    // Not awaited: the session may be reporting from inside its own loop, which stop() waits for.
    void this.withLock(channelId, async () => {
      const r = this.running.get(channelId);
      if (r?.attempt !== attempt) return;
      await this.stopLocal(channelId, r, { logout: false });
      await withTenant(this.platform.db, tenantId, (s) => releaseLease(s, channelId, this.instanceId));
    }).catch((err) => this.platform.log.warn({ err, channelId }, 'ended session not released'));
  }

  /**
   * Listens for work other instances hand over. A failure (database unreachable for a moment) does
   * not stop sessions: their work asked from elsewhere is retried until the next try here works.
   */
  private async startRpc(): Promise<void> {
    await this.rpc.ensureStarted().catch((err: unknown) => {
      if (!this.closing) this.platform.log.warn({ err }, 'session rpc not listening yet');
    });
  }

  /** True while shutting down (the timers stop acting). */
  get isClosing(): boolean {
    return this.closing;
  }
}

export function createSessionSupervisor(platformOf: () => Platform, opts?: SessionSupervisorOptions): SessionSupervisor {
  return new SessionSupervisor(platformOf, opts);
}

/** The supervisor behind `platform.sessions`, for the session code that needs more than the platform's view. */
export function supervisorOf(platform: Platform): SessionSupervisor {
  if (!(platform.sessions instanceof SessionSupervisor)) throw new Error('platform.sessions is not a SessionSupervisor');
  return platform.sessions;
}
