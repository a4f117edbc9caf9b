/**
 * A stand-in channel adapter for supervisor tests: it keeps a "session" per connect, records
 * what happened, and counts sessions alive per channel so a test can prove there is never more
 * than one. Register it for a type whose real adapter the test does not load, and restore the
 * registry afterwards (`restore()`).
 *
 * With `liveSessionOnly` it sends like WhatsApp Web: only where its session runs (the supervisor
 * of the sending app instance runs the channel), else ERR_WAPP_NOT_INITIALIZED (retryable).
 * `sends` records which instance sent what.
 */
import { channelAdapters, registerChannelAdapter, type ChannelType } from '../channel-registry.js';
import { ChannelSendError, type ChannelAdapter, type SessionContext } from '../channel-adapter.js';

export function fakeSessionAdapter(type: ChannelType, opts: { liveSessionOnly?: boolean } = {}) {
  const events: string[] = [];
  const sends: { instance: string; channelId: number; messageId: number }[] = [];
  const alive = new Map<number, number>();
  const maxAlive = new Map<number, number>();
  const contexts = new Map<number, SessionContext>();
  const behaviour = {
    failWith: null as Error | null,
    webhookOnly: false,
    connectDelayMs: 0,
  };
  const adapter: ChannelAdapter = {
    type,
    capabilities: { media: false, reactions: false, edit: false, delete: false },
    liveSessionOnly: opts.liveSessionOnly ?? false,
    async send(platform, channel, message) {
      if (opts.liveSessionOnly && !platform.sessions.isRunning(channel.id))
        throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', true);
      sends.push({ instance: platform.sessions.instanceId, channelId: channel.id, messageId: message.messageId });
      return { externalId: `fake-${message.messageId}` };
    },
    async connect(ctx) {
      const id = ctx.channel.id;
      events.push(`connect:${id}`);
      contexts.set(id, ctx);
      if (behaviour.connectDelayMs) await new Promise((r) => setTimeout(r, behaviour.connectDelayMs));
      if (behaviour.failWith) throw behaviour.failWith;
      if (behaviour.webhookOnly) {
        await ctx.report({ status: 'CONNECTED', number: '5511999990000' });
        return;
      }
      const n = (alive.get(id) ?? 0) + 1;
      alive.set(id, n);
      maxAlive.set(id, Math.max(maxAlive.get(id) ?? 0, n));
      await ctx.report({ status: 'CONNECTED', number: '5511999990000', retries: 0 });
      let stopped = false;
      return {
        async stop(opts) {
          if (stopped) return;
          stopped = true;
          alive.set(id, (alive.get(id) ?? 1) - 1);
          events.push(`stop:${id}:${opts?.logout ? 'logout' : 'keep'}`);
        },
      };
    },
    async disconnect(_p, channel) {
      events.push(`disconnect:${channel.id}`);
    },
  };
  const previous = channelAdapters[type];
  registerChannelAdapter(adapter);
  return {
    adapter,
    events,
    sends,
    behaviour,
    contexts,
    alive: (id: number) => alive.get(id) ?? 0,
    maxAlive: (id: number) => maxAlive.get(id) ?? 0,
    restore() {
      if (previous) channelAdapters[type] = previous;
      else delete channelAdapters[type];
    },
  };
}
