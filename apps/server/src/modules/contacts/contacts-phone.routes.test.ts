import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { inbound, makeChannel } from '../messages/messages.test-support.js';

// SPEC §5: a number a person types has 9 digits after country and area code; a number a channel
// gives is kept as the channel gives it.
let h: Harness;
let a: Company;
let b: Company;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

let seq = 0;
/** Unique 9-digit subscriber numbers. */
const nine = () => `9${String(10_000_000 + ++seq * 7919).slice(-8)}`;
const post = (c: Company, number: string) =>
  h.request('POST', '/contacts', { token: c.admin.token, body: { name: 'Pessoa', number } });
const rowOf = (c: Company, id: number) =>
  withTenant(h.app.platform.db, c.tenantId, (s) => s.first(contacts, eq(contacts.id, id)));
const countOf = async (c: Company) => (await h.request('GET', '/contacts', { token: c.admin.token })).body.count as number;

describe('contact phone numbers', () => {
  it('a typed number needs country code, area code and 9 digits', async () => {
    const before = await countOf(a);
    for (const number of [
      `551133${nine().slice(1)}`, // Brazil with 8 digits after the area code
      `5511${nine()}1`, // Brazil with 10
      `1${nine()}`, // no area code
      `35121${nine()}0`, // 15 digits
    ]) {
      const res = await post(a, number);
      expect(res, number).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { number: 'validation.phone' } } });
    }
    expect(await countOf(a)).toBe(before);
    for (const number of [`5511${nine()}`, `+55 (21) ${nine()}`, `35121${nine()}`, `4930${nine()}`]) {
      const res = await post(a, number);
      expect(res, number).toMatchObject({ status: 201, body: { number: number.replace(/\D/g, '') } });
    }
  });

  it('a number from a channel is kept as given, and an edit that keeps it is accepted', async () => {
    const channel = await makeChannel(h, a);
    const landline = '551133334444'; // 8 digits after the area code: a person could not type it
    const got = await inbound(h, a, channel, { from: { number: landline, name: 'Loja' } });
    const [contact] = await withTenant(h.app.platform.db, a.tenantId, (s) => s.select(contacts, eq(contacts.number, landline)));
    expect(got.messageId).toBeTruthy();
    expect(contact).toMatchObject({ number: landline });
    const kept = await h.request('PUT', `/contacts/${contact!.id}`, {
      token: a.admin.token,
      body: { name: 'Loja do Centro', number: landline },
    });
    expect(kept).toMatchObject({ status: 200, body: { name: 'Loja do Centro', number: landline } });
    const left = await h.request('PUT', `/contacts/${contact!.id}`, { token: a.admin.token, body: { name: 'Loja' } });
    expect(left).toMatchObject({ status: 200, body: { number: landline } });
    // A person who changes it must type a valid one; nothing changes otherwise.
    const changed = await h.request('PUT', `/contacts/${contact!.id}`, {
      token: a.admin.token,
      body: { name: 'Outro nome', number: '551133335555' },
    });
    expect(changed).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { number: 'validation.phone' } } });
    expect(await rowOf(a, contact!.id)).toMatchObject({ name: 'Loja', number: landline });
    const valid = `5511${nine()}`;
    const fixed = await h.request('PUT', `/contacts/${contact!.id}`, { token: a.admin.token, body: { name: 'Loja', number: valid } });
    expect(fixed).toMatchObject({ status: 200, body: { number: valid } });
  });

  it("another company's contact answers 404 and is not changed", async () => {
    const mine = (await post(a, `5511${nine()}`)).body as { id: number; name: string; number: string };
    const res = await h.request('PUT', `/contacts/${mine.id}`, {
      token: b.admin.token,
      body: { name: 'Invasor', number: `5511${nine()}` },
    });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect(await rowOf(a, mine.id)).toMatchObject({ name: mine.name, number: mine.number });
  });
});
