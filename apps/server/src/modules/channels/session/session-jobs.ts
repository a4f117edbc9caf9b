/**
 * Jobs that need a channel's live session (a Baileys socket exists on one app instance only), run
 * from a job queue that every instance works.
 *
 * Design: a session job is an ordinary pg-boss job (`defineSessionJob`) whose handler first asks
 * where the channel's session lives (`sessionRouteOf`):
 * - Channel types whose provider calls do not need the session (`liveSessionOnly` unset: Telegram,
 *   the Graph API channels, web chat), this instance holds the session, or nobody holds a live
 *   lease (not connected, or the owner died and its lease ran out): the job runs HERE, as before.
 *   Without a session here the adapter fails retryably and pg-boss retries; by then the orphan
 *   scan of some instance (supervisor.ts) has usually reconnected the channel.
 * - Another instance holds a live lease: this instance asks that owner to run the same job with
 *   the same data (session-rpc.ts) and waits for its answer. The job here finishes only when the
 *   owner says it ran; an owner that does not answer (dead, its lease not yet run out), loses the
 *   session meanwhile, or fails, makes the job here throw, and pg-boss retries it with backoff,
 *   routing again each time: once the lease has moved, the next owner gets it.
 * - On the owner the job's handler runs exactly as it would have here. A forwarded job is never
 *   forwarded again (no ping-pong while a lease moves): it fails retryably instead.
 *
 * Why a call and not a queue per instance: pg-boss 10 makes a partition table per queue, so queues
 * named after short-lived instances would be DDL at every start and orphans after every crash,
 * and jobs left in a dead instance's queue would need rescuing. Here the durable record stays the
 * job in the shared queue (and, for messages, the pending row the outbox sweeper re-enqueues).
 *
 * "Nothing twice" is the handler's business, as with any retried job: the send job claims its
 * message with a conditional UPDATE, so a late duplicate (an owner that answered after the caller
 * gave up) finds it claimed or sent and does nothing.
 */
import type { JobContext, JobDefinition } from '../../../platform/jobs/define-job.js';
import { withTenant, type TenantScope } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { channelAdapters } from '../channel-registry.js';
import type { ChannelRow } from '../channel-adapter.js';
import { liveOwnerOf } from './lease.js';
import { SessionUnreachableError, type RpcRequest, type SessionRpc } from './session-rpc.js';

type TenantData = { tenantId: number };
export type SessionChannel = Pick<ChannelRow, 'id' | 'type'>;

export interface SessionJobDefinition<T extends TenantData> extends JobDefinition<T> {
  /**
   * The channel whose session the job needs, read fresh; undefined when there is nothing to route
   * (the handler then runs here and finds nothing to do, e.g. a message already sent).
   */
  channelOf(data: T, scope: TenantScope): Promise<SessionChannel | undefined>;
}

/** pg-boss's time limit of a running job when its definition sets none (platform/jobs/jobs.ts). */
const DEFAULT_EXPIRE_S = 300;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- holds jobs of every payload type
const sessionJobs = new Map<string, JobDefinition<any>>();
/** Contexts of jobs run here on another instance's request. */
const forwarded = new WeakSet<JobContext>();

export type SessionRoute = { run: 'here' } | { run: 'owner'; owner: string };

const needsSession = (channel: SessionChannel) => !!channelAdapters[channel.type]?.liveSessionOnly;

/** Where work that needs the channel's live session must run (see the file comment). */
export async function sessionRouteOf(
  platform: Platform,
  scope: TenantScope,
  channel: SessionChannel,
): Promise<SessionRoute> {
  if (!needsSession(channel)) return { run: 'here' };
  const sup = platform.sessions;
  if (sup.isRunning(channel.id)) return { run: 'here' };
  const owner = await liveOwnerOf(scope, channel.id);
  if (!owner || owner === sup.instanceId) return { run: 'here' };
  return { run: 'owner', owner };
}

/**
 * Runs `here` on this instance when the channel's session is here (or nowhere), else has the
 * session's owner run job `job` with `data` (the job must be defined with defineSessionJob, so the
 * owner knows it). Answers 'here' or 'owner'. For a job handler, before it touches anything.
 */
export async function runOnSessionOwner<T extends TenantData>(
  ctx: JobContext,
  req: { job: string; data: T; channel: SessionChannel | undefined; waitMs?: number },
  here: () => Promise<void>,
): Promise<'here' | 'owner'> {
  const scope = scopeOf(ctx, req.job);
  const { channel } = req;
  if (channel && forwarded.has(ctx) && needsSession(channel) && !ctx.platform.sessions.isRunning(channel.id)) {
    // Asked as the owner, but the session is not here (any more): the asker retries and routes again.
    throw new SessionUnreachableError(`the session of channel ${channel.id} is not on this instance`);
  }
  const route = channel ? await sessionRouteOf(ctx.platform, scope, channel) : ({ run: 'here' } as const);
  if (route.run === 'here') {
    await here();
    return 'here';
  }
  await rpcOf(ctx.platform).call(
    route.owner,
    { job: req.job, data: req.data, attempt: ctx.attempt },
    async () => (await liveOwnerOf(scope, channel!.id)) === route.owner,
    req.waitMs,
  );
  return 'owner';
}

/**
 * A job that needs a channel's live session: defined like any job, plus `channelOf`. It runs on
 * the instance that holds the session, wherever pg-boss hands it out. List it in the job registry
 * as usual.
 */
export function defineSessionJob<T extends TenantData>(def: SessionJobDefinition<T>): JobDefinition<T> {
  const { channelOf, handler, ...rest } = def;
  const job: JobDefinition<T> = {
    ...rest,
    async handler(data, ctx) {
      const channel = await channelOf(data, scopeOf(ctx, def.id));
      // The owner gets the job's own time limit, less a margin for the answer to come back.
      const waitMs = Math.max((def.expireInSeconds ?? DEFAULT_EXPIRE_S) - 30, 30) * 1000;
      await runOnSessionOwner(ctx, { job: def.id, data, channel, waitMs }, () => handler(data, ctx));
    },
  };
  sessionJobs.set(def.id, job);
  return job;
}

/**
 * The supervisor's RPC (supervisor.ts), read through `platform.sessions` without importing the
 * supervisor, which imports this file.
 */
function rpcOf(platform: Platform): SessionRpc {
  const rpc = (platform.sessions as Partial<{ rpc: SessionRpc }>).rpc;
  if (!rpc) throw new Error('platform.sessions has no RPC (not a SessionSupervisor)');
  return rpc;
}

/** Runs a job another instance forwarded here (the supervisor's RPC server calls this). */
export async function serveSessionJob(platform: Platform, req: RpcRequest): Promise<void> {
  const job = sessionJobs.get(req.job);
  if (!job) throw Object.assign(new Error(`unknown session job ${req.job}`), { retryable: true });
  const data = job.schema.parse(req.data) as TenantData;
  await withTenant(platform.db, data.tenantId, async (scope) => {
    const ctx: JobContext = { platform, scope, attempt: req.attempt };
    forwarded.add(ctx);
    await job.handler(data, ctx);
  });
}

function scopeOf(ctx: JobContext, job: string): TenantScope {
  if (!ctx.scope) throw new Error(`${job} runs in a tenant scope`);
  return ctx.scope;
}
