/**
 * Reads of the call logs: the call info of a ticket (SPEC §3 Call info) and one call for its
 * recording. The recording's address never leaves the server.
 */
import type { CallInfo } from '@prosa/contracts';
import { desc, eq, type SQL } from 'drizzle-orm';
import { callLines, callLogs, channels, contacts, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { maskNumber } from '../contacts/contacts.presenter.js';

export type CallLogRow = typeof callLogs.$inferSelect;

async function callInfoRows(scope: TenantScope, where: SQL) {
  return scope.query((db, owns) =>
    db
      .select({
        log: callLogs,
        contactName: contacts.name,
        contactNumber: contacts.number,
        picture: contacts.profilePicUrl,
        lineName: callLines.name,
        channelName: channels.name,
        userName: users.name,
      })
      .from(callLogs)
      .innerJoin(contacts, owns(contacts, eq(contacts.id, callLogs.contactId)))
      .leftJoin(callLines, owns(callLines, eq(callLines.id, callLogs.lineId)))
      .leftJoin(channels, owns(channels, eq(channels.id, callLogs.channelId)))
      .leftJoin(users, owns(users, eq(users.id, callLogs.userId)))
      .where(owns(callLogs, where))
      .orderBy(desc(callLogs.startedAt), desc(callLogs.id)),
  );
}
type CallInfoRow = Awaited<ReturnType<typeof callInfoRows>>[number];

/** `mask`: the viewer sees numbers masked (hidePhoneNumber); a name that is the number too. */
export function presentCallInfo(r: CallInfoRow, mask: boolean): CallInfo {
  const phone = r.log.phone ?? r.contactNumber;
  const name = mask && r.contactName === r.contactNumber ? maskNumber(r.contactName) : r.contactName;
  return {
    id: r.log.id,
    contactId: r.log.contactId,
    contact_name: name,
    ticketId: r.log.ticketId,
    duration: r.log.durationSeconds ?? 0,
    tag: r.log.tag,
    phone: mask ? maskNumber(phone) : phone,
    picture_profile: r.picture,
    call_id: r.log.providerCallId,
    status: r.log.status,
    direction: r.log.direction,
    whatsapp_instance: r.lineName,
    active_start_date: r.log.startedAt.toISOString(),
    inbox_name: r.channelName,
    userId: r.log.userId,
    userName: r.userName,
    recordingAvailable: r.log.recordingUrl !== null,
  };
}

export async function ticketCalls(scope: TenantScope, ticketId: number, mask: boolean): Promise<CallInfo[]> {
  return (await callInfoRows(scope, eq(callLogs.ticketId, ticketId))).map((r) => presentCallInfo(r, mask));
}

/** One call's info row (for the `call:log` event). */
export async function callInfoRow(scope: TenantScope, id: number): Promise<CallInfoRow | undefined> {
  return (await callInfoRows(scope, eq(callLogs.id, id)))[0];
}
