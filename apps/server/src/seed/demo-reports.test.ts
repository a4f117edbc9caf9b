import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test/harness.js';
import { localDay } from './demo-time.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await seedDemo(h.app.platform);
});
afterAll(() => h.close());

describe('the demo month in the list reports', () => {
  it('a fresh start gives every list report rows in the last 30 days (no calls: they do not exist yet)', async () => {
    const now = new Date();
    const period = `from=${localDay(new Date(now.getTime() - 29 * 86_400_000), 'America/Sao_Paulo')}&to=${localDay(now, 'America/Sao_Paulo')}`;
    for (const email of ['admin@padaria.demo', 'admin@clinica.demo']) {
      const admin = await h.login(email, DEMO_PASSWORD);
      const read = async (slug: string) => {
        const res = await h.request('GET', `/reports/${slug}?${period}`, { token: admin.token });
        expect(res.status).toBe(200);
        return res.body;
      };
      const ratings = await read('avaliacoes');
      expect(ratings.count).toBeGreaterThan(10);
      expect(ratings.totals.perAgent.length).toBeGreaterThan(0);
      expect((await read('protocolos')).count).toBeGreaterThan(50);
      expect((await read('anotacoes')).count).toBeGreaterThan(0);
      const schedules = await read('agendamentosold');
      expect(schedules.totals.byStatus).toMatchObject({ sent: 3, error: 1 });
      expect((await read('ligacoes')).count).toBe(0);
    }
    // Seeded once.
    await seedDemo(h.app.platform);
    const admin = await h.login('admin@padaria.demo', DEMO_PASSWORD);
    const again = await h.request('GET', `/reports/agendamentosold?${period}`, { token: admin.token });
    expect(again.body.totals.byStatus).toMatchObject({ sent: 3, error: 1 });
    const all = await h.request('GET', '/schedule', { token: admin.token });
    expect(all.body.count).toBe(7);
  });
});
