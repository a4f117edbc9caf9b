/**
 * Entering a step runs its interactions top to bottom (DOMAIN.md): text, numbered options, media,
 * delay, add tag, move the contact to a CRM lane, webhook call with its response mapped into variables, buttons (2-3) or a list.
 * Buttons and lists leave the engine as such; where the channel has no native ones the outbox
 * records them as numbered text (`numberedText`), which is also what an answer's number refers to.
 */
import type { BotReply, FlowInteraction, FlowStep } from '@prosa/contracts';
import type { TurnContext } from './turn-context.js';
import type { WebhookCall } from './types.js';

/** "message\n\n1 - A\n2 - B": the options a customer answers by number or by label. */
export function numbered(message: string, labels: string[]): string {
  // Older exports often number their values themselves ("1 - Financeiro"): not twice.
  const lines = labels.map((l, i) => (/^\s*\d+\s*[-.)]/.test(l) ? l.trim() : `${i + 1} - ${l}`)).join('\n');
  return [message.trim(), lines].filter(Boolean).join('\n\n');
}

/** A reply as text, for channels without native buttons and lists. */
export function numberedText(reply: BotReply): string {
  switch (reply.kind) {
    case 'text':
      return reply.body;
    case 'media':
      return [reply.caption, reply.mediaUrl].filter(Boolean).join('\n');
    case 'buttons':
      return numbered(reply.body, reply.buttons);
    case 'list':
      return numbered(reply.body, reply.rows.map((r) => r.label));
  }
}

/** The value at `a.b.0.c` of a parsed JSON answer, as text ('' when absent). */
export function valueAt(json: unknown, path: string): string {
  let v: unknown = json;
  for (const key of path.split('.').filter(Boolean)) {
    if (v === null || typeof v !== 'object') return '';
    v = (v as Record<string, unknown>)[key];
  }
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

async function webhook(ctx: TurnContext, i: Extract<FlowInteraction, { type: 'WebhookField' }>) {
  const w = i.data.webhook;
  if (!w.url.trim()) return;
  const call: WebhookCall = {
    method: w.method,
    url: ctx.fill(w.url).trim(),
    headers: Object.fromEntries(w.headers.filter((h) => h.key.trim()).map((h) => [h.key.trim(), ctx.fill(h.value)])),
    body: w.method === 'GET' ? '' : ctx.fill(w.body),
  };
  const answer = await ctx.ports.webhook(call);
  if (!answer) {
    ctx.note('webhook', undefined, null, `${call.method} ${call.url} (not called)`);
    return;
  }
  if (!answer.ok) {
    ctx.note('webhook', undefined, null, `${call.method} ${call.url} -> ${answer.error}`);
    return;
  }
  for (const m of w.mapping) ctx.state.variables[m.variable] = valueAt(answer.json, m.path);
  ctx.note('webhook', undefined, null, `${call.method} ${call.url} -> ${answer.status}`);
}

/**
 * Runs `step`'s interactions. `replay`: the step is shown again after an answer it did not
 * understand; only what the customer sees is repeated (no second tag, no second webhook call).
 */
export async function runInteractions(ctx: TurnContext, step: FlowStep, replay = false): Promise<void> {
  for (const i of step.interactions) {
    switch (i.type) {
      case 'MessageField':
        ctx.say(i.data.message);
        break;
      case 'MessageOptionsField':
        ctx.say(numbered(i.data.message, i.data.values));
        break;
      case 'MediaField':
        if (i.data.mediaUrl.trim())
          ctx.send({
            kind: 'media',
            mediaUrl: i.data.mediaUrl.trim(),
            caption: ctx.fill(i.data.caption),
            name: i.data.name,
            type: i.data.type,
          });
        break;
      case 'DelayField':
        ctx.delay += i.data.seconds;
        ctx.note('delay', step.id, null, String(i.data.seconds));
        break;
      case 'TagField':
        if (replay || i.data.tagId === null) break;
        await ctx.ports.addTag(i.data.tagId);
        ctx.tags.push(i.data.tagId);
        ctx.note('tag', step.id, null, String(i.data.tagId));
        break;
      case 'WebhookField':
        if (!replay) await webhook(ctx, i);
        break;
      case 'CrmLaneField':
        if (replay || i.data.laneId === null) break;
        await ctx.ports.moveToLane(i.data.laneId);
        ctx.note('lane', step.id, null, String(i.data.laneId));
        break;
      case 'ButtonsField':
        ctx.send({ kind: 'buttons', body: ctx.fill(i.data.message), buttons: i.data.buttons.map((b) => b.label) });
        break;
      case 'ListField':
        ctx.send({
          kind: 'list',
          body: ctx.fill(i.data.message),
          buttonText: i.data.buttonText,
          rows: i.data.rows.map((r) => ({ label: r.label, description: r.description })),
        });
        break;
    }
  }
}
