/**
 * What the payment gateways' route tests share: an app listening on loopback (the stand-ins post
 * their webhooks to it) with the providers' API roots pointed at the stand-ins, the operator, a
 * plan of 99.90, a company whose plan expired two days ago with its overdue invoice, and reads of
 * the invoice, its "paid" log lines, the company's due date and whether it is blocked.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../../platform/config.js';
import { invoiceLogs, invoices, tenants } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../../test/harness.js';
import { generateInvoices, markOverdueInvoices } from '../jobs/invoices.job.js';

/** No channel provider is reached in these tests. */
const NOWHERE = 'http://127.0.0.1:9';

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
export const nextMonth = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};

export interface GatewayBed {
  h: Harness;
  op: Session;
  /** The app's own URL, for the stand-ins' webhooks. */
  base: string;
  planId: number;
}

export async function startGatewayBed(providers: Partial<Config['providers']>): Promise<GatewayBed> {
  const h = await startHarness({ providers: { graphApiUrl: NOWHERE, telegramApiRoot: NOWHERE, ...providers } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
  const op = await h.operator();
  const plan = await h.request('POST', '/admin/plans', {
    token: op.token,
    body: { name: `Plano ${randomUUID().slice(0, 6)}`, maxUsers: 5, maxConnections: 2, value: 99.9 },
  });
  return { h, op, base, planId: plan.body.id };
}

/** The helpers over the bed a file's beforeAll starts (`bed` is read when a helper runs). */
export function gatewayHelpers(bed: () => GatewayBed) {
  const sys = () => unsafeSystemDb(bed().h.app.platform.db);
  const call = (s: Session | null) => (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    bed().h.request(method, url, { token: s?.token, body });
  const invoiceRow = async (id: number) => (await sys().select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const paidLogs = (id: number) =>
    sys()
      .select()
      .from(invoiceLogs)
      .where(and(eq(invoiceLogs.invoiceId, id), eq(invoiceLogs.action, 'paid')));
  const settings = (patch: Record<string, string>) => call(bed().op)('PUT', '/admin/settings', patch);
  const dueDate = async (c: Company) =>
    (await sys().select({ d: tenants.dueDate }).from(tenants).where(eq(tenants.id, c.tenantId)))[0]!.d;
  const blocked = async (c: Company) => (await call(c.admin)('GET', '/contacts')).status === 402;

  /** A company whose plan expired two days ago, with its open invoice. */
  async function expiredCompany(): Promise<{ c: Company; invoiceId: number }> {
    const { h, planId } = bed();
    const c = await h.company({ planId, dueDate: day(-2) });
    await generateInvoices(h.app.platform.db);
    // Two days past due: overdue, as the hourly job leaves it (it may run in the middle of a test).
    await markOverdueInvoices(h.app.platform.db);
    const [inv] = await sys().select().from(invoices).where(eq(invoices.tenantId, c.tenantId));
    return { c, invoiceId: inv!.id };
  }

  return { sys, call, invoiceRow, paidLogs, settings, dueDate, blocked, expiredCompany };
}
