import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';

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
const seed = (c: Company, names: string[]) =>
  withTenant(h.app.platform.db, c.tenantId, (scope) =>
    scope.insert(
      contacts,
      names.map((name) => ({ name, number: `55219${String(10_000_000 + ++seq * 7919).slice(-8)}` })),
    ),
  );
type Listed = { contacts: { id: number; name: string }[]; count: number; hasMore: boolean };
const list = async (c: Company, query: string) => {
  const res = await h.request('GET', `/contacts?${query}`, { token: c.admin.token });
  expect(res.status).toBe(200);
  return res.body as Listed;
};
const names = async (c: Company, term: string) =>
  (await list(c, `searchParam=${encodeURIComponent(term)}`)).contacts.map((x) => x.name);

describe('contacts: the search ranks the best matches first', () => {
  it('name prefix, then a word of the name, then the name containing the term, each by name', async () => {
    const c = await h.company();
    await seed(c, ['Mariana Lima', 'Juliana Anastácia', 'Ana Souza', 'Bruna Ana', 'ANA Beatriz', 'Pedro Costa']);
    expect(await names(c, 'ana')).toEqual([
      'ANA Beatriz',
      'Ana Souza',
      'Bruna Ana',
      'Juliana Anastácia',
      'Mariana Lima',
    ]);
    // Two letters: word prefixes only (Mariana has no word starting with "an").
    expect(await names(c, 'an')).toEqual(['ANA Beatriz', 'Ana Souza', 'Bruna Ana', 'Juliana Anastácia']);
    expect(await names(c, 'ANASTACIA')).toEqual(['Juliana Anastácia']);
  });

  it('similar names (a typo) come after every match, and only for a name of three letters or more', async () => {
    const c = await h.company();
    await seed(c, ['João Silva', 'Pedro Costa', 'Marcos Silva', 'Marco Silva', 'Ana Lima']);
    expect(await names(c, 'Joao Slva')).toEqual(['João Silva']);
    // "Marco Silva" sorts before "Marcos Silva" by name, but is only similar to the term.
    expect(await names(c, 'marcos silva')).toEqual(['Marcos Silva', 'Marco Silva']);
    expect(await list(c, 'searchParam=marcos%20silva')).toMatchObject({ count: 2, hasMore: false });
    expect(await names(c, 'xyzw')).toEqual([]);
    // Digits are no name: no similar names for them.
    expect(await names(c, 'ana21')).toEqual([]);
  });

  it('a phone number: the numbers that start with it first, in number order, then the others by name', async () => {
    const c = await h.company();
    await withTenant(h.app.platform.db, c.tenantId, (scope) =>
      scope.insert(contacts, [
        { name: 'Zélia', number: '5521987650002' },
        { name: 'Bruno', number: '5521987650001' },
        { name: 'Ana', number: '5511219876500' },
        { name: 'Carla', number: '5531900000000' },
        { name: 'Dora 552198', number: '5541900000000' },
      ]),
    );
    expect(await names(c, '552198765')).toEqual(['Bruno', 'Zélia']);
    // Written with spaces and a plus, as people write numbers.
    expect(await names(c, '+55 21 98765')).toEqual(['Bruno', 'Zélia']);
    // "Dora 552198" contains it in the name: after the numbers that start with it.
    expect(await names(c, '552198')).toEqual(['Bruno', 'Zélia', 'Dora 552198']);
    // None starts with it: every match by name.
    expect(await names(c, '2198765')).toEqual(['Ana', 'Bruno', 'Zélia']);
    expect(await names(c, '55')).toEqual(['Ana', 'Bruno', 'Zélia', 'Carla', 'Dora 552198']);
  });

  it('pages continue one another without repeats or gaps, across the ranks and the similar names', async () => {
    const c = await h.company();
    const rows = [
      ...Array.from({ length: 7 }, (_, i) => `Carla ${String.fromCharCode(97 + i)}`),
      ...Array.from({ length: 6 }, (_, i) => `Bia Carla ${String.fromCharCode(97 + i)}`),
      ...Array.from({ length: 5 }, (_, i) => `Marcarla ${String.fromCharCode(97 + i)}`),
      'Zeca',
    ];
    await seed(c, rows);
    const all = await names(c, 'carla');
    expect(all).toHaveLength(18);
    expect(all.slice(0, 7).every((n) => n.startsWith('Carla'))).toBe(true);
    expect(all.slice(7, 13).every((n) => n.startsWith('Bia Carla'))).toBe(true);
    expect(all.slice(13).every((n) => n.startsWith('Marcarla'))).toBe(true);
    // A typo: no exact match, every similar name, in pages of 4.
    for (const [term, expected] of [
      ['carla', all],
      ['carlq', await names(c, 'carlq')],
    ] as const) {
      const paged: string[] = [];
      for (let page = 1, more = true; more; page++) {
        const got = await list(c, `searchParam=${term}&pageSize=4&pageNumber=${page}`);
        expect(got.count).toBe(expected.length);
        paged.push(...got.contacts.map((x) => x.name));
        expect(got.hasMore).toBe(paged.length < expected.length);
        more = got.hasMore;
      }
      expect(paged).toEqual(expected);
    }
    expect(await names(c, 'carlq')).toEqual(all.slice(0, 7));
  });

  it('past the count cap (the ranks read by walking the name index), the same order, whole and without repeats', async () => {
    const c = await h.company();
    const pad = (i: number) => String(i).padStart(4, '0');
    const many = Array.from({ length: 1_100 }, (_, i) => `Bia Silva ${pad(i)}`);
    const fewer = Array.from({ length: 1_050 }, (_, i) => `Mariana ${pad(i)}`);
    await seed(c, [
      ...many,
      ...fewer,
      'Silvia Reis',
      'Silvana Prado',
      'Brasilina Costa',
      'Ana Ria',
      'Ana Riaz',
      'Riana Lopes',
    ]);
    const fold = (n: string) => n.toLowerCase();
    const byName = (x: string, y: string) => (fold(x) < fold(y) ? -1 : fold(x) > fold(y) ? 1 : 0);
    // Every page of 200 of a term, then the whole list is compared with the ranks computed here.
    const paged = async (term: string) => {
      const got: string[] = [];
      for (let page = 1; page <= 20; page++) {
        const res = await list(c, `searchParam=${term}&pageSize=200&pageNumber=${page}`);
        got.push(...res.contacts.map((x) => x.name));
        // The cap, or what was seen past it.
        expect(res.count).toBe(Math.max(1_000, got.length));
        if (!res.hasMore) break;
      }
      return got;
    };
    // "sil": 2 names start with it, 1,100 have a later word that does, 1 contains it.
    const sil = await paged('sil');
    expect(sil).toEqual([...['Silvana Prado', 'Silvia Reis'], ...[...many].sort(byName), 'Brasilina Costa']);
    // "ria": 1 starts with it, 2 have a word that does (rare beside the 1,050 that contain it).
    const ria = await paged('ria');
    expect(ria).toEqual(['Riana Lopes', 'Ana Ria', 'Ana Riaz', ...[...fewer].sort(byName)]);
    // Two letters, word prefixes only: "si" starts 2 names and a later word of 1,100.
    const si = await paged('si');
    expect(si).toEqual(['Silvana Prado', 'Silvia Reis', ...[...many].sort(byName)]);
    // A common prefix: the first page is read from the name index alone.
    expect((await list(c, 'searchParam=bia')).contacts.map((x) => x.name)).toEqual(many.slice(0, 40));
    expect(await list(c, 'searchParam=bia')).toMatchObject({ count: 1_000, hasMore: true });
    // A number common to all of them: numbers that start with it, in number order, from their index.
    const byNumber = await list(c, 'searchParam=55219');
    expect(byNumber).toMatchObject({ count: 1_000, hasMore: true });
    const numbers = byNumber.contacts.map((x) => (x as unknown as { number: string }).number);
    expect(numbers.every((x) => x.startsWith('55219'))).toBe(true);
    expect(numbers).toEqual([...numbers].sort());
    // Another company finds none of them.
    expect(await list(a, 'searchParam=sil')).toMatchObject({ contacts: [], count: 0, hasMore: false });
  });

  it("another company's contacts are never found, neither by match nor by similarity", async () => {
    await seed(a, ['Privada Ranqueada', 'Outra Privada']);
    expect(await names(b, 'privada')).toEqual([]);
    expect(await names(b, 'privda ranqueada')).toEqual([]);
    expect(await list(b, 'searchParam=privada')).toMatchObject({ count: 0, hasMore: false });
    expect(await names(a, 'privada')).toEqual(['Privada Ranqueada', 'Outra Privada']);
    expect(await names(a, 'privda ranqueada')).toEqual(['Privada Ranqueada']);
  });

  it('needs a token, and rejects a one-letter term', async () => {
    expect(await h.request('GET', '/contacts?searchParam=ana')).toMatchObject({
      status: 401,
      body: { error: 'ERR_SESSION_EXPIRED' },
    });
    expect(await h.request('GET', '/contacts?searchParam=a', { token: a.admin.token })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });
  });
});
