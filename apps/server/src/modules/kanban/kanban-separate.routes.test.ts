/** CRM lanes with `separateLanesPerUser` on (SPEC §6: users cannot edit another user's CRM). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { kanbanHelpers, lane } from './kanban.test-support.js';
import { startHarness, type Harness } from '../../test/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const { createLane, lanesOf, board, contactIn, saved, move, setting } = kanbanHelpers(() => h);

describe('kanban lanes separated per user', () => {
  it("each user manages its own lanes and never another user's CRM", async () => {
    const c = await h.company();
    const company = await createLane(c.admin, 'Da empresa');
    await setting(c, 'separateLanesPerUser', 'enabled');
    const ana = await h.user(c, 'user');
    const bia = await h.user(c, 'user');
    const mine = await createLane(ana, 'Da Ana');
    expect(mine.userId).toBe(ana.userId);
    expect((await lanesOf(ana)).lanes.map((l) => l.id)).toEqual([mine.id]);
    expect((await lanesOf(ana)).can.manage).toBe(true);
    expect((await lanesOf(bia)).lanes).toEqual([]);
    expect((await lanesOf(c.admin)).lanes.map((l) => l.id)).not.toContain(company.id);
    const biaLane = await createLane(bia, 'Da Bia');
    // Bia, the admin and another company reach nothing of Ana's lanes.
    const other = await h.company();
    for (const s of [bia, c.admin, other.admin]) {
      expect((await h.request('PUT', `/kanban/${mine.id}`, { token: s.token, body: lane })).body).toEqual({
        error: 'ERR_NO_LANE_FOUND',
      });
      expect((await h.request('DELETE', `/kanban/${mine.id}`, { token: s.token })).status).toBe(404);
    }
    const ct = await contactIn(c);
    expect((await move(ana, ct.id, { laneId: mine.id, dealValue: 10 })).status).toBe(200);
    const free = await contactIn(c);
    expect(await move(bia, free.id, { laneId: mine.id })).toMatchObject({ status: 404, body: { error: 'ERR_NO_LANE_FOUND' } });
    expect((await saved(c, free.id))?.crmLaneId).toBeNull();
    // A contact in Ana's CRM is not taken into Bia's, nor edited there.
    expect(await move(bia, ct.id, { laneId: biaLane.id })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await saved(c, ct.id)).toMatchObject({ crmLaneId: mine.id, dealValue: 10 });
    expect((await board(bia)).lanes[0]!.contacts).toEqual([]);
    expect((await board(ana)).lanes[0]!.contacts.map((x) => x.id)).toEqual([ct.id]);
    await withTenant(h.app.platform.db, c.tenantId, (s) => s.delete(settings, eq(settings.key, 'separateLanesPerUser')));
  });
});
