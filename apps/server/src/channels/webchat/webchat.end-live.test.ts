// An agent closes a web chat ticket without a farewell (and without a rating question): the
// widget learns live that the conversation ended, through the `update` event it listens to.
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { say, visitor, webchatChannel } from '../testing/webchat.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let channel: ChannelRow;
let url: string;
const open: Socket[] = [];

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  channel = await webchatChannel(h, a);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await h.close();
});

function widgetSocket(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(`${url}/webchat`, { auth: { token }, transports: ['websocket'], reconnection: false });
    open.push(s);
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

describe('web chat: the end of a conversation, live', () => {
  it('a close without farewell tells the widget { ended: true, rating: false }; nothing before', async () => {
    const v = await visitor(h, channel.token, { name: 'Lia' });
    const { ticketId } = (await say(h, channel.token, v, 'Oi, tudo bem?')).body as { ticketId: number };
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(tickets, { status: 'open', userId: a.admin.userId }, eq(tickets.id, ticketId)),
    );
    const s = await widgetSocket(v.visitorToken);
    const updates: unknown[] = [];
    s.on('update', (u) => updates.push(u));
    const ended = new Promise<unknown>((resolve) =>
      s.on('update', (u: { ended?: boolean }) => u.ended !== undefined && resolve(u)),
    );
    // Another company's admin cannot close it, and no notice goes out.
    const other = await h.request('PUT', `/tickets/${ticketId}`, { token: b.admin.token, body: { status: 'closed' } });
    expect(other.status).toBe(404);
    const res = await h.request('PUT', `/tickets/${ticketId}`, { token: a.admin.token, body: { status: 'closed' } });
    expect(res.status).toBe(200);
    expect(await ended).toEqual({ ended: true, rating: false });
    // Only the end notice: no message was sent to the visitor.
    expect(updates).toEqual([{ ended: true, rating: false }]);
  });
});
