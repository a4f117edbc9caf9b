import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { contacts, messageActions, messages, tickets } from '../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { webchatChannel, visitor, say } from '../../channels/testing/webchat.test-support.js';
import { applyAction } from './commands/apply-action.js';
import { createTicket } from './inbound-contact-ticket.js';
import { fakeAdapter, makeChannel, messageRow, openConversation } from './messages.test-support.js';

// Error codes thrown on paths that only a race or a provider's gap reaches; each gets its case.
/**
 * The inbound path's answer can be replaced for one call: the web chat's POST then meets what a
 * racing duplicate leaves (no ids, and no stored row to answer with).
 */
const ingestOverride = vi.hoisted(() => ({ next: null as null | Record<string, unknown> }));
vi.mock('./commands/ingest-inbound.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./commands/ingest-inbound.js')>();
  return {
    ...real,
    ingestInbound: (...args: Parameters<typeof real.ingestInbound>) => {
      const next = ingestOverride.next;
      ingestOverride.next = null;
      return next ? Promise.resolve(next) : real.ingestInbound(...args);
    },
  };
});

let h: Harness;
let a: Company;
const fake = fakeAdapter('telegram');
registerChannelAdapter(fake.adapter);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
});
afterAll(() => h.close());

const db = () => h.app.platform.db;

describe('codes of rare paths', () => {
  it('ERR_FETCH_WAPP_MSG: an edit of a message that lost its provider id fails for good, sending nothing', async () => {
    const { ticketId, channel } = await openConversation(h, a);
    // An edit was recorded while the message had its provider id; the id was then lost (its echo
    // was stored under it first), so the job finds nothing to address the edit to.
    const orphan = await withTenant(db(), a.tenantId, (s) =>
      s.insert(messages, { ticketId, channelId: channel.id, fromMe: true, body: 'depois', status: 'sent', userId: a.admin.userId }),
    );
    const action = await withTenant(db(), a.tenantId, (s) => s.insert(messageActions, { messageId: orphan.id, kind: 'edit' }));
    const outcome = await withTenant(db(), a.tenantId, (s) => applyAction(h.app.platform, s, action.id));
    expect(outcome).toBe('failed');
    const [row] = await withTenant(db(), a.tenantId, (s) => s.select(messageActions, eq(messageActions.id, action.id)));
    expect(row).toMatchObject({ kind: 'edit', status: 'failed', lastError: 'ERR_FETCH_WAPP_MSG' });
    expect(await messageRow(h, a, orphan.id)).toMatchObject({ actionFailed: 'edit' });
    expect(fake.actionCalls.filter((x) => x.target.messageId === orphan.id)).toEqual([]);
  });

  it('ERR_CREATING_TICKET: the insert met a conflicting ticket that is gone when looked for', async () => {
    const channel = await makeChannel(h, a);
    const contact = await withTenant(db(), a.tenantId, (s) => s.insert(contacts, { name: 'Corrida', number: '5511900000777' }));
    // A trigger stands in for the racing transaction: the row is not written, as on a conflict,
    // and no active ticket is there to answer with.
    const raw = (text: string) => unsafeSystemDb(db()).execute(sql.raw(text));
    await raw('create or replace function prosa_test_skip_ticket() returns trigger language plpgsql as $$ begin return null; end $$');
    await raw(`create trigger prosa_test_skip_ticket before insert on tickets for each row
      when (new.protocol like 'RACE-%') execute function prosa_test_skip_ticket()`);
    try {
      await expect(
        withTenant(db(), a.tenantId, (s) => createTicket(s, channel, contact, { protocol: 'RACE-1' })),
      ).rejects.toMatchObject({ code: 'ERR_CREATING_TICKET' });
    } finally {
      await raw('drop trigger prosa_test_skip_ticket on tickets');
      await raw('drop function prosa_test_skip_ticket()');
    }
    const made = await withTenant(db(), a.tenantId, (s) =>
      s.select(tickets, and(eq(tickets.channelId, channel.id), eq(tickets.contactId, contact.id))!),
    );
    expect(made).toEqual([]);
  });

  it('ERR_CREATING_MESSAGE: a web chat POST whose duplicate left no message answers the code', async () => {
    const channel = await webchatChannel(h, a);
    const v = await visitor(h, channel.token, { name: 'Ida' });
    ingestOverride.next = { messageId: null, ticketId: null, duplicate: true };
    const res = await say(h, channel.token, v, 'Olá?');
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_CREATING_MESSAGE' } });
    // The next POST goes the normal way.
    expect((await say(h, channel.token, v, 'Olá de novo')).status).toBe(201);
  });
});
