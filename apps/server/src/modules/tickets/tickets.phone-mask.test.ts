// hidePhoneNumber (SPEC §6 "Phone numbers are hidden except for admins and general supervisors"):
// every ticket payload that reaches another profile carries the masked number — the list, one
// ticket, the socket events per audience, the conversation PDF — and parts of a hidden number do
// not find it in the list's search.
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Room } from '../../platform/realtime/realtime.js';
import { setEmitter } from '../../platform/realtime/publish.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from './test-factories.js';

interface Sent {
  tenantId: number;
  room: Room;
  event: string;
  payload: { action: string; ticket: { id: number; contact: { name: string; number: string } } };
}

// One number per test (numbers are unique per company); each ends in its own 4 digits.
let NUMBER = '';
let MASKED = '';
let serial = 4320;

let h: Harness;
let a: Company;
let b: Company;
let agent: Session;
let qsup: Session;
let sup: Session;
let queue: number;
let f: ReturnType<typeof ticketFactories>;
const sent: Sent[] = [];

const setting = (value: 'enabled' | 'disabled') =>
  h.request('PUT', '/settings/hidePhoneNumber', { token: a.admin.token, body: { value } });

beforeAll(async () => {
  h = await startHarness();
  setEmitter(h.app.platform.db, (tenantId, room, event, payload) =>
    sent.push({ tenantId, room, event, payload } as Sent),
  );
  a = await h.company();
  b = await h.company();
  f = ticketFactories(h.app.platform.db, a.tenantId);
  queue = (await f.queue()).id;
  agent = await h.user(a, 'user', { queueIds: [queue] });
  qsup = await h.user(a, 'supervisorfila', { queueIds: [queue] });
  sup = await h.user(a, 'supervisor');
});
afterAll(() => h.close());
beforeEach(() => {
  sent.splice(0);
  serial++;
  NUMBER = `551198765${serial}`;
  MASKED = `*********${serial}`;
});

/** A ticket of a contact named after its number (it wrote without a name). */
async function ticketOfNumber() {
  const contact = await f.contact({ name: NUMBER, number: NUMBER });
  return f.ticket({ queueId: queue, contactId: contact.id });
}

/** The text drawn in a PDF made by pdfkit: its content streams inflated, hex strings decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // not a deflated stream (fonts, images)
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g)) text += Buffer.from(hex[1]!, 'hex').toString('latin1');
    text += '\n';
  }
  return text;
}

describe('hidePhoneNumber on ticket payloads', () => {
  it('the list and one ticket: masked for agents and queue supervisors, whole for supervisors and admins', async () => {
    const t = await ticketOfNumber();
    await setting('enabled');
    try {
      for (const s of [agent, qsup]) {
        const one = await h.request('GET', `/tickets/${t.id}`, { token: s.token });
        expect(one.body.contact).toMatchObject({ name: MASKED, number: MASKED });
        const list = await h.request('GET', '/tickets?status=pending', { token: s.token });
        const mine = list.body.tickets.find((x: { id: number }) => x.id === t.id);
        expect(mine.contact).toMatchObject({ name: MASKED, number: MASKED });
        expect(JSON.stringify(list.body)).not.toContain(NUMBER);
      }
      for (const s of [sup, a.admin]) {
        const one = await h.request('GET', `/tickets/${t.id}`, { token: s.token });
        expect(one.body.contact).toMatchObject({ name: NUMBER, number: NUMBER });
      }
    } finally {
      await setting('disabled');
    }
    // Off, everyone sees the number.
    expect((await h.request('GET', `/tickets/${t.id}`, { token: agent.token })).body.contact.number).toBe(NUMBER);
  });

  it('the search: parts of a hidden number find nothing, the whole number finds it', async () => {
    const t = await ticketOfNumber();
    const found = async (s: Session, q: string) =>
      (
        await h.request('GET', `/tickets?status=pending&showAll=true&searchParam=${q}`, { token: s.token })
      ).body.tickets.map((x: { id: number }) => x.id);
    await setting('enabled');
    try {
      expect(await found(agent, '98765')).not.toContain(t.id);
      expect(await found(agent, NUMBER)).toContain(t.id);
      expect(await found(sup, '98765')).toContain(t.id);
    } finally {
      await setting('disabled');
    }
    expect(await found(agent, '98765')).toContain(t.id);
  });

  it("socket events: the agent's payload is masked, the admins' room gets the number", async () => {
    const t = await ticketOfNumber();
    await setting('enabled');
    try {
      await h.request('PUT', `/tickets/${t.id}`, { token: agent.token, body: { status: 'open' } });
      const to = (pred: (r: Room) => boolean) =>
        sent.find((s) => s.event === 'ticket' && s.payload.ticket.id === t.id && pred(s.room));
      await vi.waitFor(() => {
        expect(to((r) => r.kind === 'ticketAdmins')).toBeDefined();
        expect(to((r) => r.kind === 'user' && r.userId === qsup.userId)).toBeDefined();
      });
      expect(to((r) => r.kind === 'ticketAdmins')!.payload.ticket.contact.number).toBe(NUMBER);
      for (const u of [agent, qsup]) {
        const p = to((r) => r.kind === 'user' && r.userId === u.userId)!.payload;
        expect(p.ticket.contact).toMatchObject({ name: MASKED, number: MASKED });
      }
      expect(sent.every((s) => s.tenantId === a.tenantId)).toBe(true);
    } finally {
      await setting('disabled');
    }
  });

  it('the conversation PDF masks the number for an agent, not for an admin', async () => {
    const t = await ticketOfNumber();
    await h.request('PUT', `/tickets/${t.id}`, { token: agent.token, body: { status: 'open' } });
    const pdf = async (s: Session) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/messages/pdf/${t.id}`,
        headers: { authorization: `Bearer ${s.token}` },
      });
      expect(res.statusCode).toBe(200);
      return pdfText(res.rawPayload);
    };
    expect(await pdf(agent)).toContain(NUMBER);
    await setting('enabled');
    try {
      const text = await pdf(agent);
      expect(text).toContain(MASKED.slice(-4));
      expect(text).not.toContain(NUMBER);
      expect(await pdf(a.admin)).toContain(NUMBER);
    } finally {
      await setting('disabled');
    }
  });

  it("another company's ticket answers 404 whatever the setting", async () => {
    const theirs = await ticketFactories(h.app.platform.db, b.tenantId).ticket();
    await setting('enabled');
    try {
      expect(await h.request('GET', `/tickets/${theirs.id}`, { token: a.admin.token })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_TICKET_FOUND' },
      });
      expect((await h.request('GET', `/messages/pdf/${theirs.id}`, { token: a.admin.token })).status).toBe(404);
    } finally {
      await setting('disabled');
    }
  });
});
