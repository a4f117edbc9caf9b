import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmLanes, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { kanbanHelpers, lane } from './kanban.test-support.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { insertFlow } from '../chat-flows/chat-flows.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let agent: Session;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  agent = await h.user(a, 'user');
});
afterAll(() => h.close());

const { createLane, lanesOf, board, contactIn, saved, move, setting } = kanbanHelpers(() => h);

describe('kanban lanes', () => {
  it('needs a token', async () => {
    expect((await h.request('GET', '/kanban')).status).toBe(401);
    expect((await h.request('POST', '/kanban', { body: lane })).body).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    expect((await h.request('PUT', '/kanban/1', { body: lane })).status).toBe(401);
    expect((await h.request('PUT', '/kanban/order', { body: { ids: [1] } })).status).toBe(401);
    expect((await h.request('DELETE', '/kanban/1')).status).toBe(401);
    expect((await h.request('POST', '/kanban/list/', { body: {} })).status).toBe(401);
    expect((await h.request('PUT', '/kanban/contact/1', { body: { laneId: 1 } })).status).toBe(401);
  });

  it('an admin creates, renames, recolours, reorders and deletes company lanes', async () => {
    const c = await h.company();
    const one = await createLane(c.admin, 'Novo');
    const two = await createLane(c.admin, 'Ganho');
    expect([one.position, two.position]).toEqual([0, 1]);
    expect(one.userId).toBeNull();
    const renamed = await h.request('PUT', `/kanban/${one.id}`, {
      token: c.admin.token,
      body: { name: 'Lead', color: '#2f9e44' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Lead', color: '#2f9e44', flowId: null } });
    // A flow available in CRM may head the lane's contacts' new tickets.
    const flow = await insertFlow(h.app.platform.db, c.tenantId, { availableInCrm: true });
    const withFlow = await h.request('PUT', `/kanban/${one.id}`, {
      token: c.admin.token,
      body: { name: 'Lead', color: '#2f9e44', flowId: flow.id },
    });
    expect(withFlow).toMatchObject({ status: 200, body: { flowId: flow.id } });
    const order = await h.request('PUT', '/kanban/order', { token: c.admin.token, body: { ids: [two.id, one.id] } });
    expect(order.status).toBe(200);
    expect((await lanesOf(c.admin)).lanes.map((l) => l.name)).toEqual(['Ganho', 'Lead']);
    expect((await lanesOf(c.admin)).can.manage).toBe(true);
    expect((await h.request('DELETE', `/kanban/${two.id}`, { token: c.admin.token })).status).toBe(204);
    expect((await lanesOf(c.admin)).lanes.map((l) => l.id)).toEqual([one.id]);
  });

  it('rejects bad input with a code and changes nothing', async () => {
    const l = await createLane(a.admin, 'Intacta');
    const before = await lanesOf(a.admin);
    const res = await h.request('POST', '/kanban', { token: a.admin.token, body: { name: ' ', color: 'azul' } });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { name: 'validation.required', color: 'validation.color' } },
    });
    expect((await h.request('PUT', '/kanban/abc', { token: a.admin.token, body: lane })).body.error).toBe('ERR_VALIDATION');
    expect((await h.request('DELETE', '/kanban/0', { token: a.admin.token })).body.error).toBe('ERR_VALIDATION');
    // A flow must exist in the company and be available in CRM.
    const hidden = await insertFlow(h.app.platform.db, a.tenantId, { availableInCrm: false });
    const badFlow = await h.request('PUT', `/kanban/${l.id}`, {
      token: a.admin.token,
      body: { ...lane, flowId: hidden.id },
    });
    expect(badFlow).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { flowId: 'validation.flowUnavailable' } } });
    // The order must name every lane, each once.
    const partial = await h.request('PUT', '/kanban/order', { token: a.admin.token, body: { ids: [l.id, l.id] } });
    expect(partial.body.error).toBe('ERR_VALIDATION');
    const c = await contactIn(a);
    expect((await move(a.admin, c.id, { laneId: l.id, dealValue: -5 })).body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { dealValue: 'validation.min|min=0' },
    });
    expect((await h.request('POST', '/kanban/list/', { token: a.admin.token, body: { searchParam: 'a' } })).body.error).toBe(
      'ERR_VALIDATION',
    );
    expect(await lanesOf(a.admin)).toEqual(before);
    expect((await saved(a, c.id))?.crmLaneId).toBeNull();
  });

  it('without lanes per user only admins create, change, reorder or delete lanes; agents move contacts', async () => {
    const l = await createLane(a.admin, 'Só admin');
    const target = await createLane(a.admin, 'Destino');
    for (const profile of ['user', 'supervisor', 'supervisorfila'] as const) {
      const s = profile === 'user' ? agent : await h.user(a, profile);
      expect((await lanesOf(s)).can.manage).toBe(false);
      for (const [method, url, body] of [
        ['POST', '/kanban', lane],
        ['PUT', `/kanban/${l.id}`, { ...lane, name: 'Nope' }],
        ['PUT', '/kanban/order', { ids: [target.id, l.id] }],
        ['DELETE', `/kanban/${l.id}`, undefined],
      ] as const) {
        expect(await h.request(method, url, { token: s.token, body })).toMatchObject({
          status: 403,
          body: { error: 'ERR_NO_PERMISSION' },
        });
      }
    }
    expect((await lanesOf(a.admin)).lanes.find((x) => x.id === l.id)).toMatchObject({ name: 'Só admin' });
    const c = await contactIn(a);
    const moved = await move(agent, c.id, { laneId: target.id, dealValue: 1200.5, description: 'Proposta enviada' });
    expect(moved).toMatchObject({ status: 200, body: { id: c.id, laneId: target.id, dealValue: 1200.5 } });
    expect(await saved(a, c.id)).toMatchObject({ crmLaneId: target.id, dealValue: 1200.5, description: 'Proposta enviada' });
  });

  it('lists each lane with its count and deal value total, paged and searched', async () => {
    const c = await h.company();
    const l1 = await createLane(c.admin, 'Um');
    const l2 = await createLane(c.admin, 'Dois');
    const names = ['Ana', 'Bruno', 'Carla'];
    for (const [i, name] of names.entries()) {
      const ct = await contactIn(c, { name });
      await move(c.admin, ct.id, { laneId: l1.id, dealValue: (i + 1) * 100 });
    }
    const off = await contactIn(c, { name: 'Fora' });
    const page = await board(c.admin, { pageSize: 2 });
    expect(page.lanes.map((x) => x.id)).toEqual([l1.id, l2.id]);
    expect(page.lanes[0]).toMatchObject({ count: 3, dealValue: 600, hasMore: true });
    expect(page.lanes[0]!.contacts.map((x) => x.name)).toEqual(['Ana', 'Bruno']);
    expect(page.lanes[1]).toMatchObject({ count: 0, dealValue: 0, contacts: [], hasMore: false });
    const more = await board(c.admin, { laneId: l1.id, pageSize: 2, pageNumber: 2 });
    expect(more.lanes).toHaveLength(1);
    expect(more.lanes[0]!.contacts.map((x) => x.name)).toEqual(['Carla']);
    expect(more.lanes[0]!.hasMore).toBe(false);
    const found = await board(c.admin, { searchParam: 'carl' });
    expect(found.lanes[0]).toMatchObject({ count: 1, dealValue: 300 });
    const shown = (await board(c.admin)).lanes.flatMap((x) => x.contacts.map((ct) => ct.id));
    expect(shown).toHaveLength(3);
    expect(shown).not.toContain(off.id);
    // A card names its contact's latest ticket, to open it.
    const ana = page.lanes[0]!.contacts[0]!;
    expect(ana.lastTicketId).toBeNull();
    const latest = await withTenant(h.app.platform.db, c.tenantId, async (s) => {
      await s.insert(tickets, { contactId: ana.id, status: 'closed' });
      return s.insert(tickets, { contactId: ana.id, status: 'open' });
    });
    expect((await board(c.admin)).lanes[0]!.contacts[0]).toMatchObject({ id: ana.id, lastTicketId: latest.id });
    // Off the board again: the lane's totals follow.
    await move(c.admin, page.lanes[0]!.contacts[0]!.id, { laneId: null });
    expect((await board(c.admin)).lanes[0]).toMatchObject({ count: 2, dealValue: 500 });
  });

  it('masks numbers on cards as the contacts API does', async () => {
    const c = await h.company();
    const l = await createLane(c.admin, 'Números');
    const ct = await contactIn(c, { number: '5511987654321' });
    await move(c.admin, ct.id, { laneId: l.id });
    const u = await h.user(c, 'user');
    expect((await board(u)).lanes[0]!.contacts[0]!.number).toBe('5511987654321');
    await setting(c, 'hidePhoneNumber', 'enabled');
    expect((await board(u)).lanes[0]!.contacts[0]!.number).toBe('*********4321');
    expect((await board(c.admin)).lanes[0]!.contacts[0]!.number).toBe('5511987654321');
  });

  it('a contact with the CRM disabled goes on no lane, by the board or by the contact form', async () => {
    const l = await createLane(a.admin, 'Sem CRM');
    const c = await contactIn(a, { disableCrm: true });
    expect(await move(agent, c.id, { laneId: l.id })).toMatchObject({
      status: 409,
      body: { error: 'ERR_CONTACT_CRM_DISABLED' },
    });
    const form = await h.request('PUT', `/contacts/${c.id}`, {
      token: a.admin.token,
      body: { name: 'Cliente', disableCrm: true, crmLaneId: l.id },
    });
    expect(form).toMatchObject({ status: 409, body: { error: 'ERR_CONTACT_CRM_DISABLED' } });
    expect((await saved(a, c.id))?.crmLaneId).toBeNull();
    // Disabling the CRM of a contact on a lane takes it off the board.
    const on = await contactIn(a);
    await move(agent, on.id, { laneId: l.id });
    const off = await h.request('PUT', `/contacts/${on.id}`, { token: a.admin.token, body: { name: 'Cliente', disableCrm: true } });
    expect(off).toMatchObject({ status: 200, body: { crmLaneId: null, disableCrm: true } });
  });

  it("the contact form shows and sets the contact's lane", async () => {
    const l = await createLane(a.admin, 'Pelo formulário');
    const created = await h.request('POST', '/contacts', {
      token: agent.token,
      body: { name: 'Formulário', number: '5511955554444', crmLaneId: l.id, dealValue: 50 },
    });
    expect(created).toMatchObject({ status: 201, body: { crmLaneId: l.id } });
    // Left out of an edit, the lane stays.
    const edited = await h.request('PUT', `/contacts/${created.body.id}`, { token: agent.token, body: { name: 'Formulário 2' } });
    expect(edited.body).toMatchObject({ crmLaneId: l.id, name: 'Formulário 2' });
    const bLane = await createLane(b.admin, 'De B');
    const cross = await h.request('PUT', `/contacts/${created.body.id}`, {
      token: agent.token,
      body: { name: 'Formulário 2', crmLaneId: bLane.id },
    });
    expect(cross).toMatchObject({ status: 404, body: { error: 'ERR_NO_LANE_FOUND' } });
    expect((await saved(a, created.body.id))?.crmLaneId).toBe(l.id);
  });

  it("another company's lanes and contacts answer 404 and are left unchanged", async () => {
    const l = await createLane(a.admin, 'Privada');
    const c = await contactIn(a);
    await move(a.admin, c.id, { laneId: l.id, dealValue: 10 });
    const bLane = await createLane(b.admin, 'Minha');
    const bContact = await contactIn(b);
    expect(await h.request('PUT', `/kanban/${l.id}`, { token: b.admin.token, body: { ...lane, name: 'Hacked' } })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_LANE_FOUND' },
    });
    expect(await h.request('DELETE', `/kanban/${l.id}`, { token: b.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_LANE_FOUND' },
    });
    expect(
      (await h.request('PUT', '/kanban/order', { token: b.admin.token, body: { ids: [l.id, bLane.id] } })).body,
    ).toEqual({ error: 'ERR_NO_LANE_FOUND' });
    expect((await h.request('POST', '/kanban/list/', { token: b.admin.token, body: { laneId: l.id } })).body).toEqual({
      error: 'ERR_NO_LANE_FOUND',
    });
    // B's admin moving A's contact, or its own contact onto A's lane.
    expect(await move(b.admin, c.id, { laneId: bLane.id, dealValue: 0 })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
    expect(await move(b.admin, bContact.id, { laneId: l.id })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_LANE_FOUND' },
    });
    expect((await lanesOf(b.admin)).lanes.map((x) => x.id)).not.toContain(l.id);
    expect((await lanesOf(a.admin)).lanes.find((x) => x.id === l.id)).toMatchObject({ name: 'Privada' });
    expect(await saved(a, c.id)).toMatchObject({ crmLaneId: l.id, dealValue: 10 });
    expect((await saved(b, bContact.id))?.crmLaneId).toBeNull();
  });

  it('deleting a lane takes its contacts off the board and keeps their deal', async () => {
    const l = await createLane(a.admin, 'Apagar');
    const c = await contactIn(a);
    await move(a.admin, c.id, { laneId: l.id, dealValue: 99 });
    expect((await h.request('DELETE', `/kanban/${l.id}`, { token: a.admin.token })).status).toBe(204);
    expect(await saved(a, c.id)).toMatchObject({ crmLaneId: null, dealValue: 99 });
    const gone = await withTenant(h.app.platform.db, a.tenantId, (s) => s.first(crmLanes, eq(crmLanes.id, l.id)));
    expect(gone).toBeUndefined();
  });
});
