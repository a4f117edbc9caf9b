/**
 * Voice calls end to end through the Wavoip stand-in: the agent's device socket (socket.io-client,
 * as the SDK opens it) takes and places calls, the stand-in POSTs Wavoip's CALL and RECORD events
 * to the app's webhook, and the app writes the call logs (intent matching, idempotent), tells the
 * ticket's viewers (`call:log`) and streams the recording through its access checks.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callLogs, contacts } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { ticketFactories } from '../../modules/tickets/test-factories.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { startWavoipStandIn, type WavoipStandIn } from './stand-in/stand-in.js';

const NOWHERE = 'http://127.0.0.1:9';
let standIn: WavoipStandIn;
let h: Harness;
let appUrl = '';
let a: Company;
let b: Company;
let agentA: Session;
let agentB: Session;
const sockets: Socket[] = [];

beforeAll(async () => {
  standIn = await startWavoipStandIn();
  h = await startHarness({
    providers: {
      graphApiUrl: NOWHERE,
      telegramApiRoot: NOWHERE,
      wavoipUrl: standIn.url,
      wavoipStorageUrl: standIn.url,
    },
  });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
  a = await h.company();
  b = await h.company();
  agentA = await h.user(a, 'user');
  agentB = await h.user(b, 'user');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await h.close();
  await standIn.close();
});

interface Line {
  id: number;
  token: string;
  name: string;
  webhookUrl: string;
  phone: string;
  channelId: number;
  channelName: string;
}

/** A company's line on a fresh channel, given to `agent`, registered in the stand-in with its webhook. */
async function lineFor(c: Company, agent: Session): Promise<Line> {
  const f = ticketFactories(h.app.platform.db, c.tenantId);
  const channel = await f.channel();
  const token = `tok-${randomUUID()}`;
  const created = await h.request('POST', '/callLines', {
    token: c.admin.token,
    body: { name: `Linha ${token.slice(4, 10)}`, token, channelId: channel.id, active: true },
  });
  expect(created.status).toBe(201);
  const put = await h.request('PUT', `/users/${agent.userId}`, {
    token: c.admin.token,
    body: { callLineIds: [created.body.id] },
  });
  expect(put.body.callLineIds).toEqual([created.body.id]);
  // The URL the admin pastes in Wavoip's panel, on the address the test app listens on.
  const webhookUrl = `${appUrl}${new URL(created.body.webhookUrl).pathname}`;
  const phone = `5511${randomBytes(4).readUInt32BE(0) % 100_000_000}`.padEnd(12, '0');
  standIn.device(token, { phone, webhookUrl });
  return { ...created.body, webhookUrl, phone, channelName: channel.name };
}

/** The agent's browser: a device socket to the provider URL the app hands out. */
async function deviceSocket(agent: Session, line: Line): Promise<Socket> {
  const mine = await h.request('GET', `/user/channelwavoip/?channelId=${line.channelId}`, { token: agent.token });
  expect(mine.body.providerUrl).toBe(standIn.url);
  expect(mine.body.lines.map((l: { id: number }) => l.id)).toContain(line.id);
  const s = connect(mine.body.providerUrl, {
    transports: ['websocket'],
    path: `/${line.token}/websocket`,
    auth: { version: 'official', platform: 'prosa' },
    reconnection: false,
  });
  sockets.push(s);
  await new Promise((resolve) => s.once('device:init', resolve));
  return s;
}

/** Company A's agent with a line, an open ticket of theirs on the line's channel and its device socket. */
async function agentOnTicket() {
  const line = await lineFor(a, agentA);
  const f = ticketFactories(h.app.platform.db, a.tenantId);
  const contact = await f.contact();
  const ticket = await f.ticket({
    contactId: contact.id,
    channelId: line.channelId,
    status: 'open',
    userId: agentA.userId,
  });
  return { line, contact, ticket, device: await deviceSocket(agentA, line) };
}

/** The agent's app socket (Prosa's real-time events). */
async function appSocket(agent: Session): Promise<Socket> {
  const s = connect(appUrl, { auth: { token: agent.token }, transports: ['websocket'], reconnection: false });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

const ack = <T = { type: string; result: unknown }>(s: Socket, event: string, ...args: unknown[]) =>
  new Promise<T>((resolve) => s.emit(event, ...args, (r: T) => resolve(r)));

async function logsOf(tenantId: number, providerCallId: string) {
  return withTenant(h.app.platform.db, tenantId, (scope) =>
    scope.select(callLogs, eq(callLogs.providerCallId, providerCallId)),
  );
}

const OFFER =
  'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\na=mid:0\r\na=sendrecv\r\na=rtcp-mux\r\na=rtpmap:111 opus/48000/2\r\n';

describe('Wavoip webhook: call logs from the provider events', () => {
  it("lets the desk's pages connect to the provider's device socket (CSP connect-src)", async () => {
    const csp = String((await h.request('GET', '/healthz')).headers['content-security-policy']);
    const port = new URL(standIn.url).port;
    expect(csp).toContain(`connect-src 'self' http://127.0.0.1:${port} ws://127.0.0.1:${port};`);
  });

  it('an incoming call the agent accepts is logged with its user and ticket, announced, and stored once however often delivered', async () => {
    const { line, contact, ticket, device } = await agentOnTicket();
    const app = await appSocket(agentA);
    const announced = new Promise<{ ticketId: number; status: string }>((resolve) =>
      app.on('call:log', (info: { ticketId: number; status: string }) => {
        if (info.ticketId === ticket.id && info.status === 'ended') resolve(info);
      }),
    );

    // The customer calls; the incoming-call window looks the caller up, the agent accepts.
    const offered = new Promise<{ id: string; peer: { phone: string } }>((resolve) =>
      device.once('call:offer', (offer, done: () => void) => {
        done();
        resolve(offer);
      }),
    );
    await standIn.incoming(line.token, contact.number, contact.name);
    const offer = await offered;
    const lookup = await h.request('GET', `/calls/lookup?phone=${offer.peer.phone}`, { token: agentA.token });
    expect(lookup.body).toEqual({
      contact: { id: contact.id, name: contact.name, profilePicUrl: contact.profilePicUrl },
      ticketId: ticket.id,
    });
    const intent = await h.request('POST', '/calls/intents', {
      token: agentA.token,
      body: { lineId: line.id, contactId: contact.id, ticketId: ticket.id, direction: 'in' },
    });
    expect(intent.status).toBe(201);
    expect((await ack(device, 'call.accept', offer.id, { type: 'webRTC', sdp: OFFER })).type).toBe('success');
    await standIn.drive(line.token, offer.id, 'end');
    await standIn.flush();

    const call = standIn.calls(line.token).find((c) => c.id === offer.id)!;
    const deliveries = standIn.deliveries(line.token).filter((d) => d.body.whatsapp_call_id === call.whatsappCallId);
    expect(deliveries.map((d) => [d.body.type, d.body.status ?? d.body.record_status, d.status])).toEqual([
      ['CALL', 'INCOMING_RING', 200],
      ['CALL', 'ACTIVE', 200],
      ['CALL', 'ENDED', 200],
      ['RECORD', 'READY', 200],
    ]);
    const listed = await h.request('GET', `/tickets/${ticket.id}/calls`, { token: agentA.token });
    expect(listed.status).toBe(200);
    expect(listed.body.calls).toHaveLength(1);
    const info = listed.body.calls[0];
    expect(info).toMatchObject({
      contactId: contact.id,
      contact_name: contact.name,
      ticketId: ticket.id,
      tag: 'HUMANIZED',
      phone: contact.number,
      call_id: String(call.whatsappCallId),
      status: 'ended',
      direction: 'in',
      whatsapp_instance: line.name,
      inbox_name: line.channelName,
      userId: agentA.userId,
      recordingAvailable: true,
    });
    expect(info.duration).toBeGreaterThanOrEqual(1);
    expect(await announced).toMatchObject({ id: info.id, userId: agentA.userId });

    // Wavoip delivers everything again, the CREATE last: one row, unchanged.
    const [before] = await logsOf(a.tenantId, String(call.whatsappCallId));
    const count = standIn.deliveries(line.token).length;
    for (let i = 0; i < count; i++) {
      if (standIn.deliveries(line.token)[i]!.body.whatsapp_call_id !== call.whatsappCallId) continue;
      expect(await standIn.redeliver(line.token, i)).toBe(200);
    }
    const after = await logsOf(a.tenantId, String(call.whatsappCallId));
    expect(after).toEqual([before]);

    // The recording, through the ticket's access check; the provider's address is never sent.
    expect(JSON.stringify(listed.body)).not.toContain('/storage/');
    const audio = await h.app.inject({
      method: 'GET',
      url: `/callLogs/${info.id}/recording`,
      headers: { authorization: `Bearer ${agentA.token}` },
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(audio.rawPayload.subarray(8, 12).toString('ascii')).toBe('WAVE');
    // Another company's token and this id: as if it did not exist.
    expect(await h.request('GET', `/callLogs/${info.id}/recording`, { token: agentB.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_RECORDING' },
    });
    expect(await h.request('GET', `/tickets/${ticket.id}/calls`, { token: b.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TICKET_FOUND' },
    });
    expect((await h.request('GET', `/callLogs/${info.id}/recording`)).status).toBe(401);
  });

  it('an outgoing call placed from the ticket: the intent names user and ticket; the peer rejects', async () => {
    const { line, contact, ticket, device } = await agentOnTicket();
    expect(
      (
        await h.request('POST', '/calls/intents', {
          token: agentA.token,
          body: { lineId: line.id, contactId: contact.id, ticketId: ticket.id, direction: 'out' },
        })
      ).status,
    ).toBe(201);
    const started = await ack<{ type: string; result: { id: string } }>(device, 'call.start', contact.number, {
      type: 'webRTC',
      sdp: OFFER,
    });
    expect(started.type).toBe('success');
    await standIn.drive(line.token, started.result.id, 'reject');
    await standIn.flush();
    const [log] = (await h.request('GET', `/tickets/${ticket.id}/calls`, { token: agentA.token })).body.calls;
    expect(log).toMatchObject({
      direction: 'out',
      status: 'rejected',
      userId: agentA.userId,
      duration: 0,
      recordingAvailable: false,
    });
    expect(await h.request('GET', `/callLogs/${log.id}/recording`, { token: agentA.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_RECORDING' },
    });
  });

  it('a call from an unknown number creates its contact (no intent: no user); a missed call', async () => {
    const line = await lineFor(a, agentA);
    const number = `5599${randomBytes(4).readUInt32BE(0) % 100_000_000}`.padEnd(12, '7');
    const { id } = await standIn.incoming(line.token, number);
    await standIn.drive(line.token, id, 'unanswered');
    await standIn.flush();
    const call = standIn.calls(line.token).find((c) => c.id === id)!;
    const [log] = await logsOf(a.tenantId, String(call.whatsappCallId));
    expect(log).toMatchObject({
      status: 'missed',
      direction: 'in',
      userId: null,
      ticketId: null,
      lineId: line.id,
      phone: number,
    });
    const contact = await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.first(contacts, eq(contacts.id, log!.contactId)),
    );
    expect(contact).toMatchObject({ number, name: number });
    // Another company never sees it: its own contacts and calls are untouched.
    expect(
      await withTenant(h.app.platform.db, b.tenantId, (s) => s.first(contacts, eq(contacts.number, number))),
    ).toBeUndefined();
  });

  it('call logs stay in their company: the same number calling two companies is two rows, each in its own', async () => {
    const lineA = await lineFor(a, agentA);
    const lineB = await lineFor(b, agentB);
    const fa = ticketFactories(h.app.platform.db, a.tenantId);
    const fb = ticketFactories(h.app.platform.db, b.tenantId);
    const number = `5521${randomBytes(4).readUInt32BE(0) % 100_000_000}`.padEnd(12, '3');
    const ca = await fa.contact({ number });
    const cb = await fb.contact({ number });
    const ta = await fa.ticket({ contactId: ca.id, channelId: lineA.channelId, status: 'open', userId: agentA.userId });
    const tb = await fb.ticket({ contactId: cb.id, channelId: lineB.channelId, status: 'open', userId: agentB.userId });
    for (const line of [lineA, lineB]) {
      const { id } = await standIn.incoming(line.token, number);
      await standIn.drive(line.token, id, 'end');
    }
    await standIn.flush();
    const inA = (await h.request('GET', `/tickets/${ta.id}/calls`, { token: agentA.token })).body.calls;
    const inB = (await h.request('GET', `/tickets/${tb.id}/calls`, { token: agentB.token })).body.calls;
    expect(inA).toHaveLength(1);
    expect(inB).toHaveLength(1);
    expect(inA[0]).toMatchObject({
      contactId: ca.id,
      ticketId: ta.id,
      status: 'missed',
      whatsapp_instance: lineA.name,
    });
    expect(inB[0]).toMatchObject({
      contactId: cb.id,
      ticketId: tb.id,
      status: 'missed',
      whatsapp_instance: lineB.name,
    });
    // The report of each company lists its own call only.
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const report = await h.request('GET', `/reports/ligacoes?from=${from}&to=${to}`, { token: b.admin.token });
    expect(report.status).toBe(200);
    expect(report.body.rows.map((r: { contact: string }) => r.contact)).toEqual([cb.name]);
    expect(report.body.rows[0]).toMatchObject({ direction: 'in', status: 'missed', hasRecording: false });
  });

  it('an unknown secret answers 404 and stores nothing; a body it does not know is acknowledged and dropped', async () => {
    const secret = randomBytes(24).toString('base64url');
    const body = {
      type: 'CALL',
      action: 'CREATE',
      whatsapp_call_id: 987654321,
      id_session: 1,
      caller: '5511900001111',
      receiver: '5511900002222',
      status: 'INCOMING_RING',
      direction: 'INCOMING',
      duration: 0,
      record_status: 'DISABLED',
    };
    expect(await h.request('POST', `/webhooks/wavoip/${secret}`, { body })).toMatchObject({
      status: 404,
      body: { error: 'ERR_CALL_LINE_NOT_FOUND' },
    });
    expect((await h.request('POST', '/webhooks/wavoip/short', { body })).status).toBe(404);
    expect(await logsOf(a.tenantId, '987654321')).toEqual([]);
    const line = await lineFor(a, agentA);
    const path = new URL(line.webhookUrl).pathname;
    expect(await h.request('POST', path, { body: { hello: 'world' } })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    // A deactivated line's webhook is no longer accepted.
    await h.request('PUT', `/callLines/${line.id}`, {
      token: a.admin.token,
      body: { name: line.name, token: line.token, channelId: line.channelId, active: false },
    });
    expect((await h.request('POST', path, { body })).status).toBe(404);
    expect(await logsOf(a.tenantId, '987654321')).toEqual([]);
  });

  it('a recording address outside WAVOIP_STORAGE_URL is never fetched', async () => {
    const line = await lineFor(a, agentA);
    const { id } = await standIn.incoming(line.token, '5511912345678');
    await standIn.drive(line.token, id, 'end');
    await standIn.flush();
    const call = standIn.calls(line.token).find((c) => c.id === id)!;
    const [log] = await logsOf(a.tenantId, String(call.whatsappCallId));
    // Another server on loopback that would answer audio, and counts what reaches it.
    let hits = 0;
    const other = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.end('RIFF');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      for (const recordingUrl of [
        `${otherUrl}/storage/1`,
        `${standIn.url.replace('127.0.0.1', 'localhost')}/storage/1`,
      ]) {
        await withTenant(h.app.platform.db, a.tenantId, (s) =>
          s.update(callLogs, { recordingUrl }, eq(callLogs.id, log!.id)),
        );
        expect(await h.request('GET', `/callLogs/${log!.id}/recording`, { token: a.admin.token })).toMatchObject({
          status: 404,
          body: { error: 'ERR_NO_RECORDING' },
        });
      }
      expect(hits).toBe(0);
    } finally {
      await new Promise((r) => other.close(r));
    }
  });
});
