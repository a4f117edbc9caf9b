/**
 * The supervisor's background work (see supervisor.ts for the design): renew the leases of the
 * sessions this instance runs, act on commands other instances left for them, and reconnect
 * orphaned sessions. Each job runs on its own unref'd interval and never overlaps itself; the
 * methods are public so tests can run one step deterministically.
 */
import { withTenant } from '../../../platform/db/tenant-scope.js';
import { reportSession } from './session-state.js';
import { channelAdapters } from '../channel-registry.js';
import { findCommands, findOrphans, releaseLease, renewLeases, type SessionRef } from './lease.js';
import type { SessionSupervisor } from './supervisor.js';

export interface TimerOptions {
  renewMs: number;
  pollMs: number;
  scanMs: number;
}

export class SessionTimers {
  private intervals: NodeJS.Timeout[] = [];
  private scanning: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly sup: SessionSupervisor,
    private readonly opts: TimerOptions,
  ) {}

  private get log() {
    return this.sup.platform.log;
  }

  /** Renewal and command polling, needed as soon as this instance runs a session. */
  ensureRunning(): void {
    if (this.intervals.length > 0 || this.sup.isClosing) return;
    this.intervals = [this.every(this.opts.renewMs, () => this.renew()), this.every(this.opts.pollMs, () => this.poll())];
  }

  /** Everything, plus an orphan scan now (awaited) and then periodically. */
  async start(): Promise<void> {
    this.ensureRunning();
    this.scanning ??= this.every(this.opts.scanMs, () => this.scan());
    await this.track(this.scan());
  }

  async stop(): Promise<void> {
    for (const t of [...this.intervals, ...(this.scanning ? [this.scanning] : [])]) clearInterval(t);
    this.intervals = [];
    this.scanning = undefined;
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Extends the leases of local sessions; a session whose lease was lost stops here. */
  async renew(): Promise<void> {
    const byTenant = new Map<number, number[]>();
    for (const [id, r] of this.sup.running) byTenant.set(r.tenantId, [...(byTenant.get(r.tenantId) ?? []), id]);
    for (const [tenantId, ids] of byTenant) {
      const held = await withTenant(this.sup.platform.db, tenantId, (s) =>
        renewLeases(s, ids, this.sup.instanceId, this.sup.leaseMs),
      );
      for (const id of ids.filter((i) => !held.has(i))) {
        const r = this.sup.running.get(id);
        if (!r) continue;
        // Another instance runs it now (or the channel is gone): stop ours, leave the row alone.
        this.log.warn({ channelId: id }, 'session lease lost; stopping the local session');
        await this.sup.withLock(id, async () => {
          if (this.sup.running.get(id) === r) await this.sup.stopLocal(id, r, { logout: false });
        });
      }
    }
  }

  /** Commands for sessions this instance runs (restart, stop, logout), left by other instances. */
  async poll(): Promise<void> {
    if (this.sup.running.size === 0) return;
    // Sessions here: other instances must be able to hand their work over (a listener that could
    // not start, or whose start failed, is tried again).
    await this.sup.rpc.ensureStarted().catch(() => undefined);
    for (const cmd of await findCommands(this.sup.platform.db, this.sup.instanceId)) {
      await this.sup
        .withLock(cmd.id, () => this.runCommand(cmd))
        .catch((err) => this.log.warn({ err, channelId: cmd.id, command: cmd.command }, 'session command failed'));
    }
  }

  private async runCommand(cmd: SessionRef & { command: string }): Promise<void> {
    const { sup } = this;
    const r = sup.running.get(cmd.id);
    if (cmd.command === 'restart' && r) {
      await sup.start(cmd.tenantId, cmd.id, 'command');
      return;
    }
    if (r) await sup.stopLocal(cmd.id, r, { logout: cmd.command === 'logout' });
    if (cmd.command !== 'restart') {
      const row = await sup.load(cmd.tenantId, cmd.id).catch(() => undefined);
      if (row) await sup.endProviderSide(row);
    }
    await withTenant(sup.platform.db, cmd.tenantId, (s) => releaseLease(s, cmd.id, sup.instanceId));
    if (cmd.command !== 'restart') {
      await reportSession(sup.platform, cmd.tenantId, cmd.id, { status: 'DISCONNECTED', retries: 0 });
    }
  }

  /** Reconnects sessions whose instance died; the conditional claim lets one instance win each. */
  async scan(): Promise<void> {
    if (this.sup.isClosing) return;
    for (const ref of await findOrphans(this.sup.platform.db)) {
      if (this.sup.isClosing) return;
      if (!channelAdapters[ref.type]?.connect || this.sup.running.has(ref.id)) continue;
      await this.sup
        .withLock(ref.id, () => this.sup.start(ref.tenantId, ref.id, 'scan'))
        .catch((err) => this.log.warn({ err, channelId: ref.id }, 'orphaned session not reconnected'));
    }
  }

  private every(ms: number, fn: () => Promise<void>): NodeJS.Timeout {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void this.track(fn())
        .catch((err) => this.log.warn({ err }, 'session supervisor step failed'))
        .finally(() => (busy = false));
    }, ms);
    timer.unref();
    return timer;
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.catch(() => undefined).finally(() => this.inFlight.delete(p));
    return p;
  }
}
