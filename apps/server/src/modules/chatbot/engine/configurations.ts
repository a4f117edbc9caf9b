/**
 * The configurations node's part of a turn (DOMAIN.md): the welcome on a transfer, the farewell on
 * a close, where the ticket goes when the retries run out, when the customer does not answer in
 * time, or when it is outside business hours, and the words that close the ticket.
 */
import type { FlowConfigurations } from '@prosa/contracts';
import type { TurnContext } from './turn-context.js';

type Destiny = { type: 1 | 2 | 3; destiny: number | null };

/** An empty destiny means none (DOMAIN.md), except a close, which needs no destiny. */
export const hasDestiny = (d: Destiny) => d.type === 3 || d.destiny !== null;

/** Hands the ticket to a queue (null: the one it has), welcomed. */
export function toQueue(ctx: TurnContext, queueId: number | null, log: 'queue' | 'retriesLimitQueue' = 'queue') {
  ctx.say(ctx.config.welcomeMessage.message, queueId === null ? {} : { queueId });
  ctx.log(log, queueId, null);
  ctx.release({ kind: 'queue', queueId, userId: null });
}

export function toUser(ctx: TurnContext, userId: number, log: 'userDefine' | 'retriesLimitUserDefine' = 'userDefine') {
  ctx.say(ctx.config.welcomeMessage.message, { userId });
  ctx.log(log, null, userId);
  ctx.release({ kind: 'user', userId });
}

/** Closes the ticket: the condition's own message first, then the flow's farewell. */
export function close(ctx: TurnContext, message = '') {
  ctx.say(message);
  ctx.say(ctx.config.farewellMessage.message);
  ctx.release({ kind: 'close' });
}

/** Sends the ticket where a configuration says (queue / user / close). */
export function toDestiny(ctx: TurnContext, d: Destiny, retriesLimit = false) {
  if (d.type === 3) return close(ctx);
  if (d.type === 2 && d.destiny !== null) return toUser(ctx, d.destiny, retriesLimit ? 'retriesLimitUserDefine' : 'userDefine');
  return toQueue(ctx, d.type === 1 ? d.destiny : null, retriesLimit ? 'retriesLimitQueue' : 'queue');
}

/** A close word is the whole answer (trimmed, any case), not a word inside a sentence. */
export function isCloseWord(config: FlowConfigurations, text: string): boolean {
  const t = text.trim().toLocaleLowerCase('pt-BR');
  return t !== '' && config.answerCloseTicket.some((w) => w.toLocaleLowerCase('pt-BR') === t);
}

/** When the time without answer runs out, from now (null: the flow sets none). */
export function dueAtFrom(config: FlowConfigurations, now: Date, delaySeconds: number): string | null {
  const minutes = config.notResponseMessage.time;
  if (minutes <= 0) return null;
  return new Date(now.getTime() + (minutes * 60 + delaySeconds) * 1000).toISOString();
}

/** The time without answer ran out: its message, then its destiny. */
export function noResponse(ctx: TurnContext) {
  const c = ctx.config.notResponseMessage;
  ctx.note('noResponse');
  ctx.say(c.message);
  toDestiny(ctx, c);
}
