// The list's search: a term that is a phone number searches numbers; a name with digits in it
// ("Maria 2", "Loja 24h") searches names only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { ticketFactories } from './test-factories.js';
import { phoneDigits } from './tickets.search.js';

describe('phoneDigits', () => {
  it.each([
    ['+55 (31) 98765-0001', '5531987650001'],
    ['9876-5000', '98765000'],
    ['31 9876', '319876'],
    ['2024', '2024'],
    ['123', ''],
    ['Maria 2', ''],
    ['Maria 2024', ''],
    ['Loja 24h', ''],
    ['24h', ''],
    ['ana', ''],
  ])('%s -> %s', (term, digits) => expect(phoneDigits(term)).toBe(digits));
});

describe('the ticket search', () => {
  let h: Harness;
  let c: Company;
  let f: ReturnType<typeof ticketFactories>;
  beforeAll(async () => {
    h = await startHarness();
    c = await h.company();
    f = ticketFactories(h.app.platform.db, c.tenantId);
  });
  afterAll(() => h.close());

  const found = async (q: string) =>
    (
      await h.request('GET', `/tickets?status=open,pending,closed&showAll=true&searchParam=${encodeURIComponent(q)}`, {
        token: c.admin.token,
      })
    ).body.tickets.map((t: { id: number }) => t.id) as number[];

  it('a name with digits finds names, not numbers that hold those digits', async () => {
    const maria = await f.ticket({ contactId: (await f.contact({ name: 'Maria 2024', number: '5511900000001' })).id });
    const byNumber = await f.ticket({ contactId: (await f.contact({ name: 'Zé', number: '5511920240000' })).id });
    const loja = await f.ticket({ contactId: (await f.contact({ name: 'Loja 24h', number: '5511900000002' })).id });
    const other24 = await f.ticket({ contactId: (await f.contact({ name: 'Bia', number: '5511924000000' })).id });
    expect(await found('Maria 2024')).toEqual([maria.id]);
    expect(await found('Loja 24h')).toEqual([loja.id]);
    expect(await found('Maria 2')).toEqual([maria.id]);
    // A phone number, typed with its punctuation, still finds the contact by number.
    expect(await found('9202-4000')).toEqual([byNumber.id]);
    expect(await found('(11) 92400')).toEqual([other24.id]);
    expect(await found('2024').then((ids) => ids.sort())).toEqual([maria.id, byNumber.id].sort());
  });
});
