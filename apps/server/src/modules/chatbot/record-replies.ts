/**
 * The bot's replies into the outbox (record first, deliver by job), inside the step's
 * transaction: a crash before commit records nothing and the job runs again; after commit the
 * messages are there and the sender (or its sweeper) sends each once. Buttons and lists keep the
 * numbered text as `body` (what channels without native ones send) and the native form in
 * `messages.interactive`; a reply after a delay interaction is scheduled that much later. A media
 * interaction goes as its stored file with the caption, through the channel's media send.
 */
import type { BotReply } from '@prosa/contracts';
import type { OutboundInteractive } from '../channels/channel-adapter.js';
import { sql } from 'drizzle-orm';
import { messages } from '../../platform/db/schema.js';
import { columnEncoder, jsonColumn, jsonRowReader } from '../../platform/db/json-rows.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { enqueueManyWithin } from '../../platform/jobs/enqueue.js';
import { sendMessageJob } from '../messages/jobs/send-message.job.js';
import { emitMessage } from '../messages/messages.events.js';
import { presentMessage, type MessageRow } from '../messages/messages.presenter.js';
import { patchStatement, patchTicket, readPatched, type MemoStatement } from '../tickets/tickets.mutate.js';
import type { TicketRow } from '../tickets/tickets.presenter.js';
import { numberedText } from './engine/interactions.js';
import type { StoredMedia } from './flow-media.js';

export interface Outgoing {
  reply: BotReply;
  delay: number;
}

function interactiveOf(reply: BotReply): OutboundInteractive | null {
  if (reply.kind === 'buttons')
    return { type: 'buttons', body: reply.body, buttons: reply.buttons.map((title, i) => ({ id: `${i + 1}`, title })) };
  if (reply.kind === 'list')
    return {
      type: 'list',
      body: reply.body,
      // The list's opening button needs a label; a symbol when the flow gave none (no language to pick).
      button: reply.buttonText || '☰',
      sections: [{ rows: reply.rows.map((r, i) => ({ id: `${i + 1}`, title: r.label, description: r.description })) }],
    };
  return null;
}

/** The text the ticket list shows for the last of `out` (null: nothing to send). */
export function lastBodyOf(out: Outgoing[]): string | null {
  const bodies = out.map((o) => numberedText(o.reply)).filter((b) => b.trim() !== '');
  return bodies.at(-1) ?? null;
}

/** A media reply's file, stored (flow-media.ts); null sends its caption and link instead. */
export type MediaOf = (reply: Extract<BotReply, { kind: 'media' }>) => Promise<StoredMedia | null>;

/** The columns of one reply: its text, or its stored file with the caption (as agents' attachments). */
async function columnsOf(reply: BotReply, mediaOf?: MediaOf) {
  const file = reply.kind === 'media' && mediaOf ? await mediaOf(reply) : null;
  if (reply.kind === 'media' && file)
    return { body: reply.caption, mediaType: file.mediaType, mediaKey: file.key, mediaName: file.name, mimeType: file.mime, mediaSize: file.size };
  return { body: numberedText(reply), mediaType: 'chat' };
}

const readMessage = jsonRowReader(messages);
const encodeMessage = columnEncoder(messages);

/**
 * The replies' insert, one statement per shape (how many rows, which columns each has) built once
 * (runMemo): drizzle's building of it cost more than running it. A column a row lacks is DEFAULT.
 * Its rows come back as `row_to_json` in "row".
 */
function repliesStatement(tx: TenantScope, list: Omit<typeof messages.$inferInsert, 'tenantId'>[]): MemoStatement {
  const shapes = list.map((v) => (Object.keys(v) as (keyof typeof v)[]).filter((k) => v[k] !== undefined).sort());
  const values: Record<string, unknown> = {};
  shapes.forEach((keys, i) => keys.forEach((k) => (values[`r${i}_${k}`] = encodeMessage(k, list[i]![k]))));
  return {
    key: `messages.replies:${shapes.map((keys) => keys.join(',')).join('|')}`,
    build: (value) =>
      tx.query(async (db) =>
        db
          .insert(messages)
          .values(
            shapes.map((keys, i) => ({
              ...(Object.fromEntries(keys.map((k) => [k, value(`r${i}_${k}`)])) as unknown as typeof messages.$inferInsert),
              tenantId: tx.tenantId,
            })),
          )
          .returning({ row: sql`row_to_json(${messages})`.as('row') })
          .getSQL(),
      ),
    values,
  };
}

/**
 * The ticket's patch and the replies' insert as ONE statement (two data-modifying CTEs; a round
 * trip fewer for every bot step that speaks), its ticket row and its replies back as JSON. The
 * messages' dashboard trigger runs after the statement and so reads the ticket as patched, as it
 * did when the update ran first.
 */
async function patchWithReplies(tx: TenantScope, patch: MemoStatement, replies: MemoStatement) {
  const [row] = await tx.runMemo(
    `bot.write:${patch.key}|${replies.key}`,
    async (value) => sql`with t as (${await patch.build(value)}), m as (${await replies.build(value)})
      select (select t.row from t) as "ticket", coalesce((select json_agg(m.row) from m), '[]'::json) as "replies"`,
    { ...patch.values, ...replies.values },
  );
  const list = jsonColumn<Record<string, unknown>[]>(row!.replies);
  return { ticket: row!.ticket ? readPatched(row!.ticket) : undefined, recorded: list.map((r) => readMessage(r)) };
}

/**
 * Writes the step's ticket patch and records its replies (`out`) in the outbox, and answers the
 * ticket as written. `ticket`: the row as the step read it; `patch`: its change (may be empty).
 * The replies' message events go to the ticket's audience as patched.
 */
export async function patchAndRecordReplies(
  tx: TenantScope,
  ticket: TicketRow,
  patch: Parameters<typeof patchTicket>[2],
  out: Outgoing[],
  now: Date,
  mediaOf?: MediaOf,
): Promise<TicketRow> {
  const rows: { columns: Awaited<ReturnType<typeof columnsOf>>; reply: BotReply; delay: number }[] = [];
  for (const { reply, delay } of out) {
    const columns = await columnsOf(reply, mediaOf);
    if (columns.body.trim() !== '' || 'mediaKey' in columns) rows.push({ columns, reply, delay });
  }
  const patching = Object.keys(patch).length > 0;
  if (rows.length === 0) return patching ? await patchTicket(tx, ticket.id, patch) : ticket;
  // One statement for all of a turn's replies (ids keep their order).
  const replies = repliesStatement(
    tx,
    rows.map(({ columns, reply, delay }) => ({
      ticketId: ticket.id,
      contactId: ticket.contactId,
      channelId: ticket.channelId,
      fromMe: true,
      ...columns,
      interactive: interactiveOf(reply),
      status: 'pending' as const,
      ...(delay > 0 ? { scheduleDate: new Date(now.getTime() + delay * 1000) } : {}),
    })),
  );
  const patchSql = patching ? patchStatement(tx, ticket.id, patch) : null;
  let after = ticket;
  let recorded: MessageRow[];
  if (patchSql) {
    const written = await patchWithReplies(tx, patchSql, replies);
    after = written.ticket ?? ticket;
    recorded = written.recorded;
  } else {
    if (patching) after = await patchTicket(tx, ticket.id, patch);
    recorded = (await tx.runMemo(replies.key, replies.build, replies.values)).map((r) => readMessage(r.row as Record<string, unknown>));
  }
  recorded.sort((a, b) => a.id - b.id);
  // Replies due at the same moment go in one send job, in order (jobs inserted together are
  // fetched in no fixed order, so two jobs could deliver a turn's second reply first). One
  // statement queues them all, in the step's transaction (they exist exactly when the messages
  // do; no round trip after commit).
  const byDelay = new Map<number, number[]>();
  recorded.forEach((message, i) => {
    const delay = rows[i]!.delay;
    byDelay.set(delay, [...(byDelay.get(delay) ?? []), message.id]);
  });
  await enqueueManyWithin(
    tx,
    sendMessageJob,
    [...byDelay].map(([delay, [first, ...next]]) => ({
      data: { messageId: first!, ticketId: ticket.id, ...(next.length ? { next } : {}) },
      opts: { singletonKey: `send:${first}`, ...(delay > 0 ? { startAfter: delay } : {}) },
    })),
  );
  for (const message of recorded) emitMessage(tx, after, 'create', presentMessage(message));
  return after;
}

/** The replies alone, with no change to the ticket (`ticket`: the row as the caller leaves it). */
export async function recordReplies(tx: TenantScope, ticket: TicketRow, out: Outgoing[], now: Date, mediaOf?: MediaOf): Promise<void> {
  await patchAndRecordReplies(tx, ticket, {}, out, now, mediaOf);
}
