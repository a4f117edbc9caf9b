// SECURITY-CRITICAL: writes call logs from the calling provider's webhook (the only source of call
// logs: nothing the browser says is trusted beyond the intent's user and ticket, and only when the
// provider's own event matches it). Runs for the line's tenant only.
/**
 * One row per (line, provider call id): a CREATE makes it, later events update it, and a repeated
 * or late delivery changes nothing (a call over stays over; the same values write the same row).
 * The user and ticket come from the latest intent on the same line with the same peer number in
 * the last 2 minutes (the provider's call id is not the browser's); else the contact's open or
 * pending ticket on the line's channel. The contact is the tenant's contact of the peer's number,
 * created when unknown as an inbound message would.
 */
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { callIntents, callLogs, contacts } from '../../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../../platform/db/tenant-scope.js';
import { createContact } from '../../messages/inbound-contact-ticket.js';
import { activeTicketOf } from '../../tickets/tickets.queries.js';
import type { CallLineRow } from '../call-lines.js';
import type { CallEvent, CallProviderEvent, RecordingEvent } from '../call-provider.js';
import { emitCallLog } from '../calls.events.js';

export const INTENT_WINDOW_MS = 2 * 60_000;

type LogRow = typeof callLogs.$inferSelect;

async function currentLog(tx: TenantScope, line: CallLineRow, providerCallId: string): Promise<LogRow | undefined> {
  const [row] = await tx
    .select(callLogs, and(eq(callLogs.lineId, line.id), eq(callLogs.providerCallId, providerCallId)))
    .for('update');
  return row;
}

async function contactOf(tx: TenantScope, phone: string) {
  return (
    (await tx.first(contacts, eq(contacts.number, phone))) ??
    createContact(tx, { number: phone }, { number: phone }, false)
  );
}

/** The latest intent on the line with this peer in the window (of the call's direction when known). */
async function matchingIntent(tx: TenantScope, line: CallLineRow, phone: string, direction: LogRow['direction']) {
  const [intent] = await tx
    .select(
      callIntents,
      and(
        eq(callIntents.lineId, line.id),
        eq(callIntents.phone, phone),
        eq(callIntents.direction, direction),
        gte(callIntents.createdAt, new Date(Date.now() - INTENT_WINDOW_MS)),
      ),
    )
    .orderBy(desc(callIntents.createdAt), desc(callIntents.id))
    .limit(1);
  return intent;
}

/** The status after `e`, given the row's: a call over keeps its outcome; `ended` only after an answer. */
function nextStatus(row: LogRow | undefined, e: CallEvent): { status: string; over: boolean } {
  const wasAnswered = row?.status === 'answered' || row?.status === 'ended';
  if (row?.endedAt) return { status: row.status, over: true };
  if (e.status === null) return { status: row?.status ?? 'missed', over: false };
  if (e.final && (e.status === 'ended' || e.status === 'missed'))
    return { status: wasAnswered || (e.durationSeconds ?? 0) > 0 ? 'ended' : 'missed', over: true };
  return { status: e.status, over: e.final };
}

async function ingestCall(tx: TenantScope, line: CallLineRow, e: CallEvent): Promise<number | null> {
  let row = await currentLog(tx, line, e.providerCallId);
  let isNew = false;
  if (!row) {
    // An update before its create and without the call's fields cannot name the contact yet.
    if (!e.peerPhone || !e.direction) return null;
    const contact = await contactOf(tx, e.peerPhone);
    const [created] = await tx.query((db) =>
      db
        .insert(callLogs)
        .values({
          tenantId: tx.tenantId,
          lineId: line.id,
          channelId: line.channelId,
          providerCallId: e.providerCallId,
          contactId: contact.id,
          phone: e.peerPhone!,
          direction: e.direction!,
          status: 'missed',
          startedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning(),
    );
    isNew = created !== undefined;
    row = created ?? (await currentLog(tx, line, e.providerCallId));
    if (!row) return null;
  }
  const { status, over } = nextStatus(row, e);
  const patch: Partial<LogRow> = {};
  if (status !== row.status) patch.status = status;
  if (over && !row.endedAt) patch.endedAt = new Date();
  if (e.durationSeconds !== undefined && !row.endedAt && e.durationSeconds !== row.durationSeconds)
    patch.durationSeconds = e.durationSeconds;
  if (e.tag && e.tag !== row.tag) patch.tag = e.tag;
  if (e.recordStatus && e.recordStatus !== row.recordStatus && !row.recordingUrl) patch.recordStatus = e.recordStatus;
  if (row.userId === null && row.phone) {
    const intent = await matchingIntent(tx, line, row.phone, row.direction);
    if (intent) {
      patch.userId = intent.userId;
      if (intent.ticketId !== null) patch.ticketId = intent.ticketId;
    }
  }
  if (row.ticketId === null && patch.ticketId === undefined && line.channelId !== null) {
    const active = await activeTicketOf(tx, row.contactId, line.channelId);
    if (active) patch.ticketId = active.id;
  }
  if (Object.keys(patch).length > 0) await tx.update(callLogs, patch, eq(callLogs.id, row.id));
  return isNew || Object.keys(patch).length > 0 ? row.id : null;
}

async function ingestRecording(tx: TenantScope, line: CallLineRow, e: RecordingEvent): Promise<number | null> {
  const row = await currentLog(tx, line, e.providerCallId);
  if (!row) return null;
  const ready = e.recordStatus === 'READY' && e.url !== null;
  const patch: Partial<LogRow> = {};
  if (e.recordStatus !== row.recordStatus) patch.recordStatus = e.recordStatus;
  if (ready && row.recordingUrl !== e.url) {
    patch.recordingUrl = e.url;
    patch.recordingId = e.providerCallId;
  }
  if (Object.keys(patch).length === 0) return null;
  await tx.update(callLogs, patch, eq(callLogs.id, row.id));
  return row.id;
}

/** The events of one webhook delivery, for the line's tenant; each changed call is announced. */
export async function ingestCallEvents(db: Database, line: CallLineRow, events: CallProviderEvent[]): Promise<void> {
  await withTenant(db, line.tenantId, (scope) =>
    scope.transaction(async (tx) => {
      const changed = new Set<number>();
      for (const e of events) {
        const id =
          e.kind === 'call'
            ? await ingestCall(tx, line, e)
            : e.kind === 'recording'
              ? await ingestRecording(tx, line, e)
              : null;
        if (id !== null) changed.add(id);
      }
      for (const id of changed) emitCallLog(tx, id);
    }),
  );
}
