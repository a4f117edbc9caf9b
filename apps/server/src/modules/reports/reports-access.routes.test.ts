import { CONTACT_REPORTS } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { get, seedStory, type Story } from './reports.test-support.js';

let h: Harness;
let s: Story;

beforeAll(async () => {
  h = await startHarness();
  s = await seedStory(h);
});
afterAll(() => h.close());

const setting = (c: Company, key: string, value: string) =>
  h.request('PUT', `/settings/${key}`, { token: c.admin.token, body: { value } });
const names = (body: { rows: { name: string }[] }) => body.rows.map((r) => r.name);

describe('who reaches the reports', () => {
  it('needs a token, on every report and export', async () => {
    for (const slug of CONTACT_REPORTS) {
      expect((await h.request('GET', `/reports/${slug}`)).body).toEqual({ error: 'ERR_SESSION_EXPIRED' });
      expect((await h.request('GET', `/reports/${slug}/export?format=csv`)).status).toBe(401);
    }
  });

  it('refuses a plain user', async () => {
    for (const slug of CONTACT_REPORTS) {
      expect(await get(h, s.agent1, `/reports/${slug}?states=SP`)).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      expect((await get(h, s.agent1, `/reports/${slug}/export?states=SP`)).status).toBe(403);
    }
  });

  it('lets supervisors in; a queue supervisor sees what the contacts page lets it see', async () => {
    const sup = await h.user(s.a, 'supervisor');
    const supq = await h.user(s.a, 'supervisorfila');
    expect((await get(h, sup, '/reports/lista-contatos')).body.count).toBe(6);
    expect((await get(h, supq, '/reports/lista-contatos')).body.count).toBe(6);
    await setting(s.a, 'hidePhoneNumber', 'enabled');
    await setting(s.a, 'userContactWallet', 'enabled');
    try {
      // The general supervisor sees every number and wallet (SPEC §6)...
      const general = await get(h, sup, '/reports/lista-contatos');
      expect(general.body.rows[0].number).toBe('5511987650001');
      // ...the queue supervisor its own wallet only (none here), with numbers masked.
      expect((await get(h, supq, '/reports/lista-contatos')).body).toMatchObject({ count: 0, rows: [] });
      await h.request('PUT', `/contacts/${s.contact.ana}`, {
        token: s.a.admin.token,
        body: { name: 'Ana', number: '5511987650001', wallets: [supq.userId] },
      });
      const own = await get(h, supq, '/reports/lista-contatos');
      expect(names(own.body)).toEqual(['Ana']);
      expect(own.body.rows[0].number).toBe('*********0001');
      const csv = await get(h, supq, '/reports/lista-contatos/export?format=csv');
      expect(csv.body).toContain('*********0001');
      expect(csv.body).not.toContain('5511987650001');
      expect(csv.body).not.toContain('Bruno');
    } finally {
      await setting(s.a, 'hidePhoneNumber', 'disabled');
      await setting(s.a, 'userContactWallet', 'disabled');
    }
    // With the contacts page for admins only, the contact reports are too.
    await setting(s.a, 'ContactAdmin', 'enabled');
    try {
      expect((await get(h, sup, '/reports/lista-contatos')).body).toEqual({ error: 'ERR_NO_PERMISSION' });
      expect((await get(h, s.a.admin, '/reports/lista-contatos')).status).toBe(200);
    } finally {
      await setting(s.a, 'ContactAdmin', 'disabled');
    }
  });
});

describe('filters', () => {
  it('a grouped report without its selection answers ERR_REPORT_FILTER_REQUIRED (SPEC §5)', async () => {
    for (const slug of ['contatos-por-etiquetas', 'contatos-por-crm', 'contatos-por-carteira', 'contatos-por-estado']) {
      expect(await get(h, s.a.admin, `/reports/${slug}`)).toMatchObject({
        status: 400,
        body: { error: 'ERR_REPORT_FILTER_REQUIRED' },
      });
      expect((await get(h, s.a.admin, `/reports/${slug}/export?format=xlsx&tagIds=`)).body).toEqual({
        error: 'ERR_REPORT_FILTER_REQUIRED',
      });
    }
  });

  it('a bad filter answers ERR_VALIDATION', async () => {
    for (const q of [
      'states=XX',
      'from=2026-13-01',
      'tagIds=abc',
      'from=2026-02-01&to=2026-01-01',
      'pageSize=501',
      'userIds=0',
    ]) {
      expect(await get(h, s.a.admin, `/reports/lista-contatos?${q}`)).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION' },
      });
    }
    expect((await get(h, s.a.admin, '/reports/lista-contatos/export?format=pdf')).body.error).toBe('ERR_VALIDATION');
  });
});

describe('tenancy', () => {
  it('another company sees its own contacts only', async () => {
    const b = await get(h, s.b.admin, '/reports/lista-contatos');
    expect(names(b.body)).toEqual(['Zeca']);
    const crm = await get(h, s.b.admin, `/reports/contatos-por-crm?laneIds=${s.lane.other}`);
    expect(crm.body.totals).toEqual([{ label: 'Lead', count: 1, dealValue: 999 }]);
    const csv = await get(h, s.b.admin, '/reports/lista-contatos/export?format=csv');
    expect(csv.body).toContain('Zeca');
    expect(csv.body).not.toContain('Ana');
  });

  it("another company's ids answer 404", async () => {
    const b = s.b.admin;
    expect((await get(h, b, `/reports/contatos-por-etiquetas?tagIds=${s.tag.vip}`)).body).toEqual({
      error: 'ERR_NO_TAG_FOUND',
    });
    expect((await get(h, b, `/reports/lista-contatos?tagIds=${s.tag.otherVip},${s.tag.vip}`)).status).toBe(404);
    expect((await get(h, b, `/reports/contatos-por-crm?laneIds=${s.lane.lead}`)).body).toEqual({
      error: 'ERR_NO_LANE_FOUND',
    });
    expect((await get(h, b, `/reports/contatos-por-carteira?userIds=${s.agent1.userId}`)).body).toEqual({
      error: 'ERR_NO_USER_FOUND',
    });
    expect((await get(h, b, `/reports/contatos-por-crm/export?laneIds=${s.lane.lead}`)).status).toBe(404);
    expect((await get(h, s.a.admin, `/reports/contatos-por-etiquetas?tagIds=${s.tag.otherVip}`)).status).toBe(404);
  });

  it("with lanes per user, another user's lane is not found and not shown", async () => {
    await setting(s.a, 'separateLanesPerUser', 'enabled');
    try {
      expect((await get(h, s.a.admin, `/reports/contatos-por-crm?laneIds=${s.lane.lead}`)).body).toEqual({
        error: 'ERR_NO_LANE_FOUND',
      });
      const list = await get(h, s.a.admin, '/reports/lista-contatos');
      expect(list.body.rows.map((r: { lane: string | null }) => r.lane)).toEqual([null, null, null, null, null, null]);
    } finally {
      await setting(s.a, 'separateLanesPerUser', 'disabled');
    }
  });
});
