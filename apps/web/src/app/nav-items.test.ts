// The menu hides the screens the company's plan lacks (SPEC §6 "Plan flags gate campaigns,
// integrations and groups"); while the plan is unknown, or the company has none, everything shows.
import { describe, expect, it } from 'vitest';
import { installBrowserGlobals } from '../test/browser-globals';

installBrowserGlobals();
const { navSections } = await import('./nav-items');

const admin = {
  token: 't',
  username: 'A',
  profile: 'admin' as const,
  userId: 2,
  tenantId: 5,
  queues: [],
  email: 'a@x.y',
  configs: { isDark: false, filtrosAtendimento: {} },
};
const routes = (plan: Parameters<typeof navSections>[1]) => navSections(admin, plan).flatMap((s) => s.items.map((i) => i.to));

describe('navSections and the plan', () => {
  it('a plan without campaigns or integrations hides their screens', () => {
    expect(routes({ campaign: false, integrations: true })).not.toContain('/campanhas');
    expect(routes({ campaign: false, integrations: true })).toContain('/integracoes');
    expect(routes({ campaign: true, integrations: false })).not.toContain('/integracoes');
    expect(routes({ campaign: true, integrations: false })).toContain('/campanhas');
  });

  it('a plan with them, no plan or a plan not yet read shows them', () => {
    for (const plan of [{ campaign: true, integrations: true }, null]) {
      expect(routes(plan)).toEqual(expect.arrayContaining(['/campanhas', '/integracoes']));
    }
  });

  it("the operator's menu has the resellers", () => {
    const op = { ...admin, tenantId: 1 };
    expect(navSections(op).flatMap((s) => s.items.map((i) => i.to))).toContain('/revendedores');
  });
});
