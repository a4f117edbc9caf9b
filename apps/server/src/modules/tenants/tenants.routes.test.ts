import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
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

const day = (d: number, type: 'O' | 'C' | 'H' = 'H') => ({
  day: d,
  type,
  hr1: '09:00',
  hr2: '12:00',
  hr3: '14:00',
  hr4: '17:30',
});
const week = () => [0, 1, 2, 3, 4, 5, 6].map((d) => day(d, d === 0 ? 'C' : 'H'));
const hoursOf = async (c: Company) =>
  (await h.request('GET', '/tenants/business-hours/', { token: c.admin.token })).body;

async function newPlan(maxUsers = 5) {
  const [plan] = await unsafeSystemDb(h.app.platform.db)
    .insert(plans)
    .values({ name: `Plano ${randomUUID().slice(0, 8)}`, maxUsers, maxConnections: 2, value: 99.9 })
    .returning();
  return plan!;
}

describe('tenants', () => {
  it('needs a token on every route', async () => {
    // Valid bodies: the auth hook runs after validation, so a bad body would answer 400 first.
    for (const [method, url, body] of [
      ['GET', '/tenants/business-hours/', undefined],
      ['PUT', '/tenants/business-hours/', week()],
      ['PUT', '/tenants/message-business-hours/', { messageBusinessHours: 'x' }],
      ['PUT', '/tenants/timezone/', { timezone: 'UTC' }],
      ['GET', '/tenants/date/', undefined],
      ['GET', '/tenants/plan/', undefined],
    ] as const) {
      expect(await h.request(method, url, { body })).toMatchObject({
        status: 401,
        body: { error: 'ERR_SESSION_EXPIRED' },
      });
    }
  });

  it('every user reads the business hours; a new company has the 7 default days', async () => {
    const agent = await h.user(a, 'user');
    const res = await h.request('GET', '/tenants/business-hours/', { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.body.businessHours.map((d: { day: number }) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(res.body).toMatchObject({ timezone: 'America/Sao_Paulo', messageBusinessHours: expect.any(String) });
  });

  it('admin saves hours, absence message and time zone', async () => {
    const shuffled = week().reverse();
    const hours = await h.request('PUT', '/tenants/business-hours/', { token: a.admin.token, body: shuffled });
    expect(hours.status).toBe(200);
    expect(hours.body.businessHours).toEqual(week());
    const msg = await h.request('PUT', '/tenants/message-business-hours/', {
      token: a.admin.token,
      body: { messageBusinessHours: 'Voltamos amanhã' },
    });
    expect(msg.body).toMatchObject({ messageBusinessHours: 'Voltamos amanhã' });
    const tz = await h.request('PUT', '/tenants/timezone/', {
      token: a.admin.token,
      body: { timezone: 'Europe/Lisbon' },
    });
    expect(tz.status).toBe(200);
    expect(await hoursOf(a)).toEqual({
      businessHours: week(),
      messageBusinessHours: 'Voltamos amanhã',
      timezone: 'Europe/Lisbon',
    });
  });

  it('rejects bad input with field keys and changes nothing', async () => {
    const before = await hoursOf(a);
    const six = await h.request('PUT', '/tenants/business-hours/', { token: a.admin.token, body: week().slice(1) });
    expect(six).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: expect.any(Object) } });
    const bad = week();
    bad[2] = { ...day(2), hr1: '13:00', hr2: '12:00' };
    bad[3] = { ...day(3), hr4: '25:00' };
    const order = await h.request('PUT', '/tenants/business-hours/', { token: a.admin.token, body: bad });
    expect(order.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { '2.hr2': 'validation.time', '3.hr4': 'validation.time' },
    });
    const twice = week();
    twice[1] = day(0);
    expect((await h.request('PUT', '/tenants/business-hours/', { token: a.admin.token, body: twice })).body.error).toBe(
      'ERR_VALIDATION',
    );
    const msg = await h.request('PUT', '/tenants/message-business-hours/', {
      token: a.admin.token,
      body: { messageBusinessHours: 'x'.repeat(4001) },
    });
    expect(msg.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { messageBusinessHours: 'validation.max' } });
    const tz = await h.request('PUT', '/tenants/timezone/', {
      token: a.admin.token,
      body: { timezone: 'Mars/Olympus' },
    });
    expect(tz.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { timezone: 'validation.invalidValue' } });
    expect(await hoursOf(a)).toEqual(before);
  });

  it('agents and supervisors may read but not change them', async () => {
    const before = await hoursOf(a);
    for (const profile of ['user', 'supervisor', 'supervisorfila'] as const) {
      const s = await h.user(a, profile);
      for (const [url, body] of [
        ['/tenants/business-hours/', week()],
        ['/tenants/message-business-hours/', { messageBusinessHours: 'nope' }],
        ['/tenants/timezone/', { timezone: 'UTC' }],
      ] as const) {
        expect(await h.request('PUT', url, { token: s.token, body })).toMatchObject({
          status: 403,
          body: { error: 'ERR_NO_PERMISSION' },
        });
      }
    }
    expect(await hoursOf(a)).toEqual(before);
  });

  it("one company's changes never reach another", async () => {
    const beforeA = await hoursOf(a);
    await h.request('PUT', '/tenants/business-hours/', {
      token: b.admin.token,
      body: week().map((d) => ({ ...d, type: 'O' })),
    });
    await h.request('PUT', '/tenants/message-business-hours/', {
      token: b.admin.token,
      body: { messageBusinessHours: 'B only' },
    });
    await h.request('PUT', '/tenants/timezone/', { token: b.admin.token, body: { timezone: 'Asia/Tokyo' } });
    expect(await hoursOf(b)).toMatchObject({ messageBusinessHours: 'B only', timezone: 'Asia/Tokyo' });
    expect(await hoursOf(a)).toEqual(beforeA);
  });

  it('answers the due date and the plan with its usage', async () => {
    const plan = await newPlan(7);
    const c = await h.company({ planId: plan.id, dueDate: '2099-12-31' });
    await h.user(c, 'user');
    expect((await h.request('GET', '/tenants/date/', { token: c.admin.token })).body).toEqual({
      dueDate: '2099-12-31',
      graceDays: 0,
      expired: false,
    });
    const res = await h.request('GET', '/tenants/plan/', { token: c.admin.token });
    expect(res.body).toEqual({
      plan: {
        id: plan.id,
        name: plan.name,
        maxUsers: 7,
        maxConnections: 2,
        value: 99.9,
        isPublic: true,
        group: true,
        campaign: true,
        integrations: true,
      },
      usage: { users: 2, connections: 0 },
    });
    // A company without a plan, read by another company: its own answer only.
    expect((await h.request('GET', '/tenants/plan/', { token: a.admin.token })).body).toEqual({
      plan: null,
      usage: { users: expect.any(Number), connections: 0 },
    });
  });

  it('after the due date only billing reads answer', async () => {
    const late = await h.company({ dueDate: '2020-01-01' });
    expect(await h.request('GET', '/users/', { token: late.admin.token })).toMatchObject({
      status: 402,
      body: { error: 'ERR_PLAN_EXPIRED' },
    });
    expect(await h.request('GET', '/tenants/business-hours/', { token: late.admin.token })).toMatchObject({
      status: 402,
    });
    expect(await h.request('GET', '/tenants/date/', { token: late.admin.token })).toMatchObject({
      status: 200,
      body: { dueDate: '2020-01-01', expired: true },
    });
    expect((await h.request('GET', '/tenants/plan/', { token: late.admin.token })).status).toBe(200);
  });
});
