import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import {
  fakeAdapter,
  inbound,
  makeChannel,
  phone,
  sendText,
  ticketMessages,
  ticketRow,
} from '../messages/messages.test-support.js';
import { backfillFirstResponses } from './dashboard.test-support.js';

let h: Harness;
let a: Company;
registerChannelAdapter(fakeAdapter('telegram').adapter);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
});
afterAll(() => h.close());

describe(`first response (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("is the agent's first message: not the greeting, not a later message; the backfill agrees", async () => {
    const channel = await makeChannel(h, a, { greetingMessage: 'Olá! Já vamos atender.' });
    const { ticketId } = await inbound(h, a, channel, { from: { number: phone(), name: 'Bia' }, body: 'oi' });
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(tickets, { status: 'open', userId: a.admin.userId }, eq(tickets.id, ticketId!)),
    );
    // The greeting went out (an automatic text, no user): no first response yet.
    expect((await ticketMessages(h, a, ticketId!)).filter((m) => m.fromMe)).toHaveLength(1);
    expect((await ticketRow(h, a, ticketId!))!.firstResponseAt).toBeNull();
    const first = await sendText(h, a, ticketId!, 'Bom dia, em que posso ajudar?');
    const after = (await ticketRow(h, a, ticketId!))!.firstResponseAt;
    expect(after).not.toBeNull();
    const firstRow = (await ticketMessages(h, a, ticketId!)).find((m) => m.id === first.id)!;
    expect(after!.getTime()).toBe(firstRow.createdAt.getTime());
    await sendText(h, a, ticketId!, 'Mais alguma coisa?');
    expect((await ticketRow(h, a, ticketId!))!.firstResponseAt!.getTime()).toBe(after!.getTime());
    // Migration 0030's backfill finds the same moment from the messages.
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(tickets, { firstResponseAt: null }, eq(tickets.id, ticketId!)),
    );
    await backfillFirstResponses(h);
    expect((await ticketRow(h, a, ticketId!))!.firstResponseAt!.getTime()).toBe(after!.getTime());
  });
});
