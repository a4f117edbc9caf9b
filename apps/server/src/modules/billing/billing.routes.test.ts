// Invoices (README "Billing"): generated once per company and due date by the job, overdue at the
// company's midnight, paid by the operator's confirmation (once, however often it is sent), which
// moves the due date and lifts the expired-plan block; the company pays by Pix (a BR Code).
import { randomUUID } from 'node:crypto';
import { addDaysIso } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceLogs, invoices, tenants } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { todayIn } from '../../platform/http/plan-expiry.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { generateInvoices, markOverdueInvoices } from './jobs/invoices.job.js';
import { crc16 } from './pix.test-support.js';

let h: Harness;
let op: Session;
let planId: number;
const MISSING = 2_000_000_000;

const sys = () => unsafeSystemDb(h.app.platform.db);
const day = (offset: number, from = new Date()) =>
  new Date(from.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const call = (s: Session | null) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  h.request(method, url, { token: s?.token, body });
const invoicesOf = (tenantId: number) => sys().select().from(invoices).where(eq(invoices.tenantId, tenantId));
const dueDateOf = async (tenantId: number) =>
  (await sys().select({ d: tenants.dueDate }).from(tenants).where(eq(tenants.id, tenantId)))[0]!.d;

async function companyDue(dueDate: string, recurrence: 'MENSAL' | 'ANUAL' = 'MENSAL'): Promise<Company> {
  const c = await h.company({ planId, dueDate });
  await sys().update(tenants).set({ recurrence }).where(eq(tenants.id, c.tenantId));
  return c;
}

beforeAll(async () => {
  h = await startHarness();
  op = await h.operator();
  const plan = await call(op)('POST', '/admin/plans', {
    name: `Plano ${randomUUID().slice(0, 6)}`,
    maxUsers: 5,
    maxConnections: 2,
    value: 99.9,
  });
  planId = plan.body.id;
});
afterAll(() => h.close());

describe('invoices: the job', () => {
  it('makes one invoice per company and due date, ahead of it, from the plan and recurrence', async () => {
    const soon = await companyDue(day(5));
    const yearly = await companyDue(day(2), 'ANUAL');
    const later = await companyDue(day(25));
    const inactive = await companyDue(day(1));
    await sys().update(tenants).set({ status: 'inactive' }).where(eq(tenants.id, inactive.tenantId));
    // Two instances at once, then again: one invoice each.
    await Promise.all([generateInvoices(h.app.platform.db), generateInvoices(h.app.platform.db)]);
    await generateInvoices(h.app.platform.db);
    expect(await invoicesOf(soon.tenantId)).toMatchObject([
      { value: 99.9, dueDate: day(5), status: 'open', recurrence: 'MENSAL' },
    ]);
    expect(await invoicesOf(yearly.tenantId)).toMatchObject([{ value: 1198.8, dueDate: day(2), recurrence: 'ANUAL' }]);
    expect(await invoicesOf(later.tenantId)).toEqual([]);
    expect(await invoicesOf(inactive.tenantId)).toEqual([]);
    expect(await invoicesOf(1)).toEqual([]);
    const logs = await sys().select().from(invoiceLogs).where(eq(invoiceLogs.tenantId, soon.tenantId));
    expect(logs.map((l) => l.action)).toEqual(['created']);
  });

  it("turns an unpaid invoice overdue at the company's midnight, not UTC's", async () => {
    const c = await companyDue('2030-03-10');
    await generateInvoices(h.app.platform.db, new Date('2030-03-01T12:00:00Z'));
    // 2030-03-11 02:00 UTC is still the 10th in São Paulo (UTC-3): not overdue yet.
    await markOverdueInvoices(h.app.platform.db, new Date('2030-03-11T02:00:00Z'));
    expect((await invoicesOf(c.tenantId))[0]?.status).toBe('open');
    await markOverdueInvoices(h.app.platform.db, new Date('2030-03-11T03:30:00Z'));
    expect((await invoicesOf(c.tenantId))[0]?.status).toBe('overdue');
  });
});

describe('invoices: the company', () => {
  it('admins list theirs; agents may not; another company sees none of them', async () => {
    const c = await companyDue(day(3));
    await generateInvoices(h.app.platform.db);
    const agent = await h.user(c, 'user');
    const list = await call(c.admin)('GET', '/invoices/all');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      count: 1,
      hasMore: false,
      invoices: [{ dueDate: day(3), value: 99.9, status: 'open' }],
    });
    expect(await call(agent)('GET', '/invoices/all')).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await call(null)('GET', '/invoices/all')).status).toBe(401);
    const other = await h.company();
    const id = list.body.invoices[0].id as number;
    expect(await call(other.admin)('GET', '/invoices/all')).toMatchObject({ status: 200, body: { count: 0 } });
    expect(await call(other.admin)('GET', `/invoices/${id}/pix`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_INVOICE_FOUND' },
    });
    expect(await call(c.admin)('GET', '/invoices/abc/pix')).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });
  });

  it("pays by Pix: the operator's key in a BR Code with the invoice's value, txid and CRC16", async () => {
    const c = await companyDue(day(4));
    await generateInvoices(h.app.platform.db);
    const [inv] = await invoicesOf(c.tenantId);
    expect(await call(c.admin)('GET', `/invoices/${inv!.id}/pix`)).toMatchObject({
      status: 409,
      body: { error: 'ERR_PIX_NOT_CONFIGURED' },
    });
    await call(op)('PUT', '/admin/settings', {
      pixKey: 'financeiro@prosa.example',
      pixName: 'Prosa Plataforma Ltda',
      pixCity: 'São Paulo',
    });
    const pix = await call(c.admin)('GET', `/invoices/${inv!.id}/pix`);
    expect(pix.status).toBe(200);
    expect(pix.body).toMatchObject({
      invoiceId: inv!.id,
      value: 99.9,
      txid: `PROSA${inv!.id}`,
      pixKey: 'financeiro@prosa.example',
    });
    const code = pix.body.brCode as string;
    // The CRC16-CCITT of everything before it, as the Pix manual defines it.
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    expect(parsePix(code)).toMatchObject({
      type: 'STATIC',
      pixKey: 'financeiro@prosa.example',
      transactionAmount: 99.9,
      txid: `PROSA${inv!.id}`,
      merchantName: 'PROSA PLATAFORMA LTDA',
      merchantCity: 'SAO PAULO',
      countryCode: 'BR',
      transactionCurrency: '986',
    });
  });
});

describe('invoices: the operator', () => {
  it('marks one paid once: the due date moves by the recurrence and the expired-plan block lifts', async () => {
    const c = await companyDue(day(-2));
    await generateInvoices(h.app.platform.db);
    const [inv] = await invoicesOf(c.tenantId);
    expect((await call(c.admin)('GET', '/contacts')).status).toBe(402);
    const list = await call(op)('GET', `/admin/invoices/list/${c.tenantId}`);
    expect(list.body).toMatchObject([{ id: inv!.id, status: 'open' }]);
    for (let i = 0; i < 3; i++) {
      const paid = await call(op)('PUT', `/admin/invoices/${inv!.id}`, { status: 'paid' });
      expect(paid).toMatchObject({ status: 200, body: { status: 'paid', paidBy: 'operator' } });
    }
    const due = new Date(`${day(-2)}T00:00:00Z`);
    due.setUTCMonth(due.getUTCMonth() + 1);
    expect(await dueDateOf(c.tenantId)).toBe(due.toISOString().slice(0, 10));
    const logs = await sys().select().from(invoiceLogs).where(eq(invoiceLogs.invoiceId, inv!.id));
    expect(logs.filter((l) => l.action === 'paid')).toHaveLength(1);
    expect((await call(c.admin)('GET', '/contacts')).status).toBe(200);
    expect(await call(op)('DELETE', `/admin/invoices/${inv!.id}`)).toMatchObject({
      status: 409,
      body: { error: 'ERR_INVOICE_PAID' },
    });
    expect(await call(op)('PUT', `/admin/invoices/${inv!.id}`, { value: 10, reason: 'desconto' })).toMatchObject({
      status: 409,
      body: { error: 'ERR_INVOICE_PAID' },
    });
  });

  it('changes a due date or value only with a reason, kept in the log; deletes an unpaid one', async () => {
    const c = await companyDue(day(6));
    await generateInvoices(h.app.platform.db);
    const [inv] = await invoicesOf(c.tenantId);
    const noReason = await call(op)('PUT', `/admin/invoices/${inv!.id}`, { value: 50 });
    expect(noReason).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { reason: 'validation.required' } },
    });
    expect(await call(op)('PUT', `/admin/invoices/${inv!.id}`, {})).toMatchObject({ status: 400 });
    expect(await call(op)('PUT', `/admin/invoices/${inv!.id}`, { value: -1, reason: 'x' })).toMatchObject({
      status: 400,
    });
    expect((await invoicesOf(c.tenantId))[0]).toMatchObject({ value: 99.9, dueDate: day(6) });

    const changed = await call(op)('PUT', `/admin/invoices/${inv!.id}`, {
      value: '79.90',
      dueDate: day(9),
      reason: 'Desconto de fidelidade',
    });
    expect(changed).toMatchObject({ status: 200, body: { value: 79.9, dueDate: day(9), status: 'open' } });
    const [log] = await sys().select().from(invoiceLogs).where(eq(invoiceLogs.action, 'changed'));
    expect(log).toMatchObject({
      invoiceId: inv!.id,
      userId: op.userId,
      reason: 'Desconto de fidelidade',
      before: { value: 99.9, dueDate: day(6) },
      after: { value: 79.9, dueDate: day(9) },
    });
    // The company's due date (day 6) has no invoice now that this one pays day 9: the job makes it again.
    await generateInvoices(h.app.platform.db);
    expect(await invoicesOf(c.tenantId)).toHaveLength(2);
    const [other] = (await invoicesOf(c.tenantId)).filter((x) => x.id !== inv!.id);
    expect(await call(op)('PUT', `/admin/invoices/${other!.id}`, { dueDate: day(9), reason: 'x' })).toMatchObject({
      status: 409,
      body: { error: 'ERR_INVOICE_EXISTS' },
    });

    expect((await call(op)('DELETE', `/admin/invoices/${other!.id}`)).status).toBe(204);
    expect(await invoicesOf(c.tenantId)).toHaveLength(1);
    expect(await call(op)('DELETE', `/admin/invoices/${other!.id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_INVOICE_FOUND' },
    });
    expect(await call(op)('PUT', `/admin/invoices/${MISSING}`, { status: 'paid' })).toMatchObject({ status: 404 });
    expect(await call(op)('GET', `/admin/invoices/list/${MISSING}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TENANT_FOUND' },
    });
    // Only the operator: a company's admin gets 403 and changes nothing.
    for (const [method, url, body] of [
      ['GET', `/admin/invoices/list/${c.tenantId}`, undefined],
      ['PUT', `/admin/invoices/${inv!.id}`, { status: 'paid' }],
      ['DELETE', `/admin/invoices/${inv!.id}`, undefined],
    ] as const) {
      expect((await call(c.admin)(method, url, body)).status, `${method} ${url}`).toBe(403);
      expect((await call(null)(method, url, body)).status).toBe(401);
    }
    expect((await invoicesOf(c.tenantId))[0]).toMatchObject({ status: 'open', value: 79.9 });
  });
});

describe('the expired-plan block (SPEC §6)', () => {
  const setGrace = (n: number) => call(op)('PUT', '/admin/settings', { graceDays: String(n) });
  async function companyIn(timeZone: string, dueDate: (today: string) => string) {
    const c = await h.company();
    await sys()
      .update(tenants)
      .set({ timezone: timeZone, dueDate: dueDate(todayIn(timeZone)) })
      .where(eq(tenants.id, c.tenantId));
    h.app.platform.db.changes.touch(c.tenantId);
    return c;
  }
  const blocked = async (c: Company) => {
    const res = await call(c.admin)('GET', '/contacts');
    const date = await call(c.admin)('GET', '/tenants/date/');
    // The route and the answer the web app's guard reads always agree.
    expect(date.body.expired).toBe(res.status === 402);
    return res.status === 402;
  };

  it("blocks from the day after the due date plus the grace days, on the company's own calendar", async () => {
    await setGrace(0);
    const yesterday = await companyIn('America/Sao_Paulo', (d) => addDaysIso(d, -1));
    const today = await companyIn('America/Sao_Paulo', (d) => d);
    expect(await blocked(yesterday)).toBe(true);
    expect(await blocked(today)).toBe(false);
    // Time zones ahead of and behind UTC: the due day is the company's own.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect(await blocked(await companyIn(zone, (d) => d)), zone).toBe(false);
      expect(await blocked(await companyIn(zone, (d) => addDaysIso(d, -1))), zone).toBe(true);
    }

    expect((await setGrace(2)).status).toBe(200);
    expect(await blocked(yesterday)).toBe(false);
    expect((await call(yesterday.admin)('GET', '/tenants/date/')).body).toMatchObject({ graceDays: 2, expired: false });
    expect(await blocked(await companyIn('America/Sao_Paulo', (d) => addDaysIso(d, -2)))).toBe(false);
    expect(await blocked(await companyIn('America/Sao_Paulo', (d) => addDaysIso(d, -3)))).toBe(true);
    expect(await setGrace(61)).toMatchObject({ status: 400, body: { fields: { graceDays: 'validation.integer' } } });
    await setGrace(0);
    expect(await blocked(yesterday)).toBe(true);
  });
});

describe("the operator's dashboard (GET /admin/dashboard)", () => {
  const read = async () => {
    const res = await call(op)('GET', '/admin/dashboard?days=7');
    expect(res.status).toBe(200);
    return res.body as {
      companies: Record<'active' | 'inactive' | 'trial' | 'overdue', number>;
      mrr: number;
      invoices: Record<'paidCount' | 'paidValue' | 'openCount' | 'openValue', number>;
      signups: { day: string; count: number }[];
    };
  };

  it('counts companies by state, the recurring revenue, the month’s invoices and the sign-ups of each day', async () => {
    await call(op)('PUT', '/admin/settings', { graceDays: '0', allowSignup: 'true' });
    const publicPlan = (
      await call(op)('POST', '/admin/plans', { name: `Público ${randomUUID().slice(0, 6)}`, maxUsers: 3, maxConnections: 1, value: 49.5, isPublic: true })
    ).body as { id: number };
    const before = await read();
    expect(before.signups).toHaveLength(7);
    expect(before.signups.at(-1)?.day).toBe(day(0));

    // A paying company (99.90 a month), one overdue, one switched off, one trial by sign-up.
    const paying = await companyDue(day(3));
    await companyDue(day(-5));
    const off = await companyDue(day(40));
    await sys().update(tenants).set({ status: 'inactive' }).where(eq(tenants.id, off.tenantId));
    const signup = await call(null)('POST', '/empresa/signup', {
      name: `Loja ${randomUUID().slice(0, 6)}`,
      whatsapp: '+55 (11) 98888-7777',
      responsible: 'Marta Dona',
      email: `trial-${randomUUID().slice(0, 8)}@example.com`,
      password: 'trial-pass-1',
      confirmPassword: 'trial-pass-1',
      planId: publicPlan.id,
    });
    expect(signup.status).toBe(201);
    await generateInvoices(h.app.platform.db);
    const mid = await read();
    expect(mid.companies.active - before.companies.active).toBe(3);
    expect(mid.companies.inactive - before.companies.inactive).toBe(1);
    expect(mid.companies.trial - before.companies.trial).toBe(1);
    expect(mid.companies.overdue - before.companies.overdue).toBe(1);
    // Out of trial: the paying and the overdue company (99.90 each); the trial's 49.50 is not revenue yet.
    expect(Math.round((mid.mrr - before.mrr) * 100)).toBe(19980);
    expect(mid.signups.at(-1)!.count - before.signups.at(-1)!.count).toBe(4);

    const [inv] = await invoicesOf(paying.tenantId);
    await call(op)('PUT', `/admin/invoices/${inv!.id}`, { status: 'paid' });
    const after = await read();
    expect(after.invoices.paidCount - mid.invoices.paidCount).toBe(1);
    expect(Math.round((after.invoices.paidValue - mid.invoices.paidValue) * 100)).toBe(9990);
    // Only the operator.
    expect((await call(paying.admin)('GET', '/admin/dashboard')).status).toBe(403);
    expect((await call(null)('GET', '/admin/dashboard')).status).toBe(401);
    expect(await call(op)('GET', '/admin/dashboard?days=400')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});
