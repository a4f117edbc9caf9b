import { stateOfNumber } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { ticketFactories } from '../tickets/test-factories.js';
import { startHarness, type Harness, type Session } from '../../test/harness.js';
import { get, seedStory, type Story } from './reports.test-support.js';

let h: Harness;
let s: Story;
let admin: Session;

beforeAll(async () => {
  h = await startHarness();
  s = await seedStory(h);
  admin = s.a.admin;
});
afterAll(() => h.close());

const names = (body: { rows: { name: string }[] }) => body.rows.map((r) => r.name);
const groups = (body: { rows: { group: string | null; name: string }[] }) =>
  body.rows.map((r) => `${r.group}:${r.name}`);

describe('contact reports: the numbers of the story', () => {
  it('lista-contatos lists every contact with its relations, paged by name', async () => {
    const all = await get(h, admin, '/reports/lista-contatos');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 6, totals: [], hasMore: false });
    expect(names(all.body)).toEqual(['Ana', 'Bruno', 'Carla', 'Diego', 'Eva', 'Fabio']);
    expect(all.body.rows[1]).toEqual({
      contactId: s.contact.bruno,
      group: null,
      name: 'Bruno',
      number: '5521987650002',
      email: 'bruno@cliente.test',
      tags: ['Atacado', 'VIP'],
      wallets: ['Agente Dois', 'Agente Um'],
      lane: 'Proposta',
      dealValue: 200,
      state: 'RJ',
      createdAt: '2026-01-31T02:30:00.000Z',
    });
    expect(all.body.rows.map((r: { state: string | null }) => r.state)).toEqual(['SP', 'RJ', 'SP', 'DF', null, 'CE']);
    const page2 = await get(h, admin, '/reports/lista-contatos?pageSize=2&pageNumber=2');
    expect(page2.body).toMatchObject({ count: 6, hasMore: true });
    expect(names(page2.body)).toEqual(['Carla', 'Diego']);
    const page3 = await get(h, admin, '/reports/lista-contatos?pageSize=2&pageNumber=3');
    expect(page3.body).toMatchObject({ count: 6, hasMore: false });
    expect(names(page3.body)).toEqual(['Eva', 'Fabio']);
  });

  it('counts the creation period in the company time zone, both days included', async () => {
    const jan = await get(h, admin, '/reports/lista-contatos?from=2026-01-01&to=2026-01-31');
    expect(names(jan.body)).toEqual(['Ana', 'Bruno']);
    // Bruno was created at 02:30 UTC of Jan 31, 23:30 of Jan 30 in São Paulo.
    expect((await get(h, admin, '/reports/lista-contatos?from=2026-01-31&to=2026-01-31')).body.count).toBe(0);
    expect(names((await get(h, admin, '/reports/lista-contatos?from=2026-01-30&to=2026-01-30')).body)).toEqual([
      'Bruno',
    ]);
    expect(names((await get(h, admin, '/reports/lista-contatos?from=2026-02-01&to=2026-02-01')).body)).toEqual([
      'Carla',
    ]);
    expect(names((await get(h, admin, '/reports/lista-contatos?from=2026-02-20')).body)).toEqual(['Eva', 'Fabio']);
  });

  it('lista-contatos combines its filters: any value of each, every filter given', async () => {
    const tagged = await get(h, admin, `/reports/lista-contatos?tagIds=${s.tag.vip},${s.tag.atacado}`);
    expect(names(tagged.body)).toEqual(['Ana', 'Bruno', 'Carla', 'Eva', 'Fabio']);
    const both = await get(h, admin, `/reports/lista-contatos?tagIds=${s.tag.vip}&userIds=${s.agent2.userId}`);
    expect(names(both.body)).toEqual(['Bruno', 'Eva']);
    const lane = await get(h, admin, `/reports/lista-contatos?laneIds=${s.lane.lead}&states=SP`);
    expect(names(lane.body)).toEqual(['Ana', 'Carla']);
    expect((await get(h, admin, `/reports/lista-contatos?tagIds=${s.tag.frio}`)).body).toMatchObject({
      count: 0,
      rows: [],
    });
  });

  it('contatos-por-etiquetas: a row per contact and selected tag, totals per tag', async () => {
    const res = await get(h, admin, `/reports/contatos-por-etiquetas?tagIds=${s.tag.vip}&tagIds=${s.tag.atacado}`);
    expect(groups(res.body)).toEqual([
      'Atacado:Bruno',
      'Atacado:Carla',
      'Atacado:Fabio',
      'VIP:Ana',
      'VIP:Bruno',
      'VIP:Eva',
    ]);
    expect(res.body.count).toBe(6);
    expect(res.body.totals).toEqual([
      { label: 'Atacado', count: 3, dealValue: null },
      { label: 'VIP', count: 3, dealValue: null },
    ]);
    const feb = await get(h, admin, `/reports/contatos-por-etiquetas?tagIds=${s.tag.vip}&from=2026-02-01`);
    expect(feb.body.totals).toEqual([{ label: 'VIP', count: 1, dealValue: null }]);
  });

  it('contatos-por-crm: the contacts of each selected lane, with the sum of their deals', async () => {
    const res = await get(h, admin, `/reports/contatos-por-crm?laneIds=${s.lane.proposta},${s.lane.lead}`);
    expect(groups(res.body)).toEqual(['Lead:Ana', 'Lead:Carla', 'Proposta:Bruno', 'Proposta:Fabio']);
    expect(res.body.totals).toEqual([
      { label: 'Lead', count: 2, dealValue: 100.5 },
      { label: 'Proposta', count: 2, dealValue: 250 },
    ]);
    expect(res.body.count).toBe(4);
  });

  it('contatos-por-carteira: a row per contact and selected wallet user', async () => {
    const res = await get(h, admin, `/reports/contatos-por-carteira?userIds=${s.agent1.userId},${s.agent2.userId}`);
    expect(groups(res.body)).toEqual([
      'Agente Dois:Bruno',
      'Agente Dois:Carla',
      'Agente Dois:Eva',
      'Agente Um:Ana',
      'Agente Um:Bruno',
    ]);
    expect(res.body.totals).toEqual([
      { label: 'Agente Dois', count: 3, dealValue: null },
      { label: 'Agente Um', count: 2, dealValue: null },
    ]);
  });

  it('contatos-por-estado: the state from the area code, totals per state', async () => {
    const res = await get(h, admin, '/reports/contatos-por-estado?states=SP,RJ,CE');
    expect(groups(res.body)).toEqual(['CE:Fabio', 'RJ:Bruno', 'SP:Ana', 'SP:Carla']);
    expect(res.body.totals).toEqual([
      { label: 'CE', count: 1, dealValue: null },
      { label: 'RJ', count: 1, dealValue: null },
      { label: 'SP', count: 2, dealValue: null },
    ]);
    expect((await get(h, admin, '/reports/contatos-por-estado?states=DF')).body.totals).toEqual([
      { label: 'DF', count: 1, dealValue: null },
    ]);
    expect((await get(h, admin, '/reports/contatos-por-estado?states=AM')).body).toMatchObject({
      count: 0,
      totals: [],
    });
  });

  it("the state PostgreSQL keeps for a number is stateOfNumber's, for every area code and other numbers", async () => {
    // Another company's contacts, so the story's reports stay as they are.
    const other = await h.company();
    const f = ticketFactories(h.app.platform.db, other.tenantId);
    const numbers = [
      ...Array.from({ length: 90 }, (_v, i) => `55${10 + i}912345678`), // every DDD, 9 digits
      ...Array.from({ length: 90 }, (_v, i) => `55${10 + i}12345678`), // and 8
      '551191234567', // 10 digits after 55 is the shortest: DDD 11 and 8 digits
      '55119123456', // too short
      '5511912345678901', // too long
      '14155552671', // another country
      '120363025555555555', // a group
      '55ab912345678',
    ];
    for (const number of numbers) await f.contact({ number });
    const kept = await withTenant(h.app.platform.db, other.tenantId, (x) => x.select(contacts));
    expect(kept.length).toBe(numbers.length);
    for (const c of kept) expect(c.state, c.number).toBe(stateOfNumber(c.number));
    expect(kept.filter((c) => c.state !== null).length).toBeGreaterThan(120);
  });
});
