/**
 * Invoices (SPEC §7; README "Billing"): a company's admins list theirs and get the Pix to pay one
 * (also while the plan is expired: paying is how the block lifts); the platform operator lists a
 * company's invoices, marks one paid, changes its due date or value with a reason, or deletes it.
 */
import {
  todayIso,
  ZAdminInvoiceUpdate,
  ZIdParams,
  ZInvoice,
  ZInvoiceCharge,
  ZInvoiceListQuery,
  ZInvoicePage,
  ZInvoicePix,
} from '@prosa/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoices, tenants } from '../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { changeInvoice, deleteInvoice } from './commands/change-invoice.js';
import { chargeInvoice } from './commands/charge-invoice.js';
import { payingGatewayName } from './gateways/registry.js';
import { paymentWebhookRoutes } from './payment-webhook.routes.js';
import { getInvoice, listInvoices, presentInvoice } from './invoices.queries.js';
import { invoicePix } from './pix.js';

const schema = { tags: ['billing'], security: [{ bearer: [] }] };
const operator = { auth: 'operator' } as const;

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.platform;
  app.get(
    '/invoices/all',
    {
      config: { auth: 'admin', allowExpired: true },
      schema: {
        operationId: 'listInvoices',
        summary: "The company's invoices, the latest due first, a page at a time",
        ...schema,
        querystring: ZInvoiceListQuery,
        response: { 200: ZInvoicePage },
      },
    },
    async (req) => ({
      ...(await listInvoices(req.scope, req.query.pageNumber)),
      gateway: await payingGatewayName(app.platform),
    }),
  );
  app.get(
    '/invoices/:id/pix',
    {
      config: { auth: 'admin', allowExpired: true },
      schema: {
        operationId: 'getInvoicePix',
        summary: 'The Pix "copia e cola" (BR Code) of an open or overdue invoice, to pay it',
        errors: ['ERR_NO_INVOICE_FOUND', 'ERR_INVOICE_PAID', 'ERR_PIX_NOT_CONFIGURED'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZInvoicePix },
      },
    },
    async (req) => invoicePix(db, await getInvoice(req.scope, req.params.id)),
  );
  app.post(
    '/invoices/:id/charge',
    {
      config: { auth: 'admin', allowExpired: true },
      schema: {
        operationId: 'chargeInvoice',
        summary: "The active payment gateway's charge of an open or overdue invoice: a Pix QR code or a checkout link",
        errors: ['ERR_NO_INVOICE_FOUND', 'ERR_INVOICE_PAID', 'ERR_GATEWAY_NOT_CONFIGURED', 'ERR_GATEWAY_REFUSED'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZInvoiceCharge },
      },
    },
    async (req) => {
      const origin = app.platform.config.publicUrl?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;
      return chargeInvoice(app.platform, req.scope, req.params.id, {
        payerEmail: req.auth.email,
        returnUrl: `${origin}/financeiro`,
      });
    },
  );
  await app.register(paymentWebhookRoutes);

  // ------------------------------------------------------------------ the operator's
  app.get(
    '/admin/invoices/list/:id',
    {
      config: operator,
      schema: {
        operationId: 'listCompanyInvoices',
        summary: "A company's invoices, the latest due first (platform operator)",
        errors: ['ERR_NO_TENANT_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 200: z.array(ZInvoice) },
      },
    },
    async (req) => {
      const [company] = await unsafeSystemDb(db)
        .select({ id: tenants.id })
        .from(tenants)
        .where(eq(tenants.id, req.params.id));
      if (!company) throw new AppError('ERR_NO_TENANT_FOUND');
      const rows = await withTenant(db, company.id, (scope) =>
        scope.select(invoices).orderBy(desc(invoices.dueDate), asc(invoices.id)).limit(240),
      );
      return rows.map(presentInvoice);
    },
  );
  app.put(
    '/admin/invoices/:id',
    {
      config: operator,
      schema: {
        operationId: 'updateInvoice',
        summary: 'Mark an invoice paid, or change its due date or value with a reason (platform operator)',
        errors: ['ERR_NO_INVOICE_FOUND', 'ERR_INVOICE_PAID', 'ERR_INVOICE_EXISTS'],
        ...schema,
        params: ZIdParams,
        body: ZAdminInvoiceUpdate,
        response: { 200: ZInvoice },
      },
    },
    async (req) => changeInvoice(db, req.params.id, req.body, req.auth.userId, todayIso()),
  );
  app.delete(
    '/admin/invoices/:id',
    {
      config: operator,
      schema: {
        operationId: 'deleteInvoice',
        summary: 'Delete an unpaid invoice (platform operator); its log keeps it',
        errors: ['ERR_NO_INVOICE_FOUND', 'ERR_INVOICE_PAID'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteInvoice(db, req.params.id, req.auth.userId);
      return reply.status(204).send();
    },
  );
};
