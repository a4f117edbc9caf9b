/**
 * The seeded story of the report tests: company A with six contacts (tags, lanes, wallets, numbers
 * of several area codes, one created at a period edge in São Paulo time) and company B with one.
 */
import { eq } from 'drizzle-orm';
import { contacts, contactTags, contactWallets, crmLanes, tags, users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Company, Harness, Session } from '../../test/harness.js';

export interface Story {
  a: Company;
  b: Company;
  agent1: Session;
  agent2: Session;
  tag: { vip: number; atacado: number; frio: number; otherVip: number };
  lane: { lead: number; proposta: number; other: number };
  contact: Record<'ana' | 'bruno' | 'carla' | 'diego' | 'eva' | 'fabio', number>;
}

interface Seed {
  name: string;
  number: string;
  createdAt: string;
  tags: ('vip' | 'atacado')[];
  wallets: (1 | 2)[];
  lane: 'lead' | 'proposta' | null;
  dealValue: number | null;
}

const SEEDS: Record<keyof Story['contact'], Seed> = {
  ana: {
    name: 'Ana',
    number: '5511987650001',
    createdAt: '2026-01-10T12:00:00Z',
    tags: ['vip'],
    wallets: [1],
    lane: 'lead',
    dealValue: 100.5,
  },
  // 23:30 of Jan 30 in São Paulo: in January 30's period, not 31's.
  bruno: {
    name: 'Bruno',
    number: '5521987650002',
    createdAt: '2026-01-31T02:30:00Z',
    tags: ['vip', 'atacado'],
    wallets: [1, 2],
    lane: 'proposta',
    dealValue: 200,
  },
  // 00:30 of Feb 1 in São Paulo; a landline (12 digits).
  carla: {
    name: 'Carla',
    number: '551933334444',
    createdAt: '2026-02-01T03:30:00Z',
    tags: ['atacado'],
    wallets: [2],
    lane: 'lead',
    dealValue: null,
  },
  diego: {
    name: 'Diego',
    number: '5561987650004',
    createdAt: '2026-02-15T15:00:00Z',
    tags: [],
    wallets: [],
    lane: null,
    dealValue: null,
  },
  eva: {
    name: 'Eva',
    number: '15551234567',
    createdAt: '2026-02-20T15:00:00Z',
    tags: ['vip'],
    wallets: [2],
    lane: null,
    dealValue: null,
  },
  fabio: {
    name: 'Fabio',
    number: '5585987650006',
    createdAt: '2026-02-21T15:00:00Z',
    tags: ['atacado'],
    wallets: [],
    lane: 'proposta',
    dealValue: 50,
  },
};

export async function seedStory(h: Harness): Promise<Story> {
  const a = await h.company();
  const b = await h.company();
  const agent1 = await h.user(a, 'user');
  const agent2 = await h.user(a, 'user');
  const db = h.app.platform.db;
  const inA = await withTenant(db, a.tenantId, async (scope) => {
    await scope.update(users, { name: 'Agente Um' }, eq(users.id, agent1.userId));
    await scope.update(users, { name: 'Agente Dois' }, eq(users.id, agent2.userId));
    const tag = {
      vip: (await scope.insert(tags, { name: 'VIP', color: '#e03131' })).id,
      atacado: (await scope.insert(tags, { name: 'Atacado', color: '#1971c2' })).id,
      frio: (await scope.insert(tags, { name: 'Frio', color: '#868e96' })).id,
    };
    const lane = {
      lead: (await scope.insert(crmLanes, { name: 'Lead', color: '#fab005', position: 0 })).id,
      proposta: (await scope.insert(crmLanes, { name: 'Proposta', color: '#40c057', position: 1 })).id,
    };
    const wallet = { 1: agent1.userId, 2: agent2.userId };
    const contact = {} as Story['contact'];
    for (const [key, s] of Object.entries(SEEDS) as [keyof Story['contact'], Seed][]) {
      const c = await scope.insert(contacts, {
        name: s.name,
        number: s.number,
        email: `${key}@cliente.test`,
        createdAt: new Date(s.createdAt),
        crmLaneId: s.lane ? lane[s.lane] : null,
        dealValue: s.dealValue,
      });
      contact[key] = c.id;
      for (const t of s.tags) await scope.insert(contactTags, { contactId: c.id, tagId: tag[t] });
      for (const w of s.wallets) await scope.insert(contactWallets, { contactId: c.id, userId: wallet[w] });
    }
    return { tag, lane, contact };
  });
  const inB = await withTenant(db, b.tenantId, async (scope) => {
    const vip = await scope.insert(tags, { name: 'VIP', color: '#e03131' });
    const lane = await scope.insert(crmLanes, { name: 'Lead', color: '#fab005', position: 0 });
    const c = await scope.insert(contacts, {
      name: 'Zeca',
      number: '5511900000009',
      crmLaneId: lane.id,
      dealValue: 999,
    });
    await scope.insert(contactTags, { contactId: c.id, tagId: vip.id });
    await scope.insert(contactWallets, { contactId: c.id, userId: b.admin.userId });
    return { vip: vip.id, lane: lane.id };
  });
  return {
    a,
    b,
    agent1,
    agent2,
    tag: { ...inA.tag, otherVip: inB.vip },
    lane: { ...inA.lane, other: inB.lane },
    contact: inA.contact,
  };
}

export const get = (h: Harness, s: Session, path: string, headers?: Record<string, string>) =>
  h.request('GET', path, { token: s.token, ...(headers ? { headers } : {}) });
