import {
  ZBusinessHours,
  ZBusinessHoursResponse,
  ZMessageBusinessHours,
  noticeIsFor,
  ZTenantDateResponse,
  ZTenantNotice,
  ZTenantPlanResponse,
  ZTimezone,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateOwnTenant } from './commands/update-own-tenant.js';
import { presentBusinessHours, presentPlan } from './tenants.presenter.js';
import { getOwnTenant, ownPlanUsage } from './tenants.queries.js';
import { graceDays, isPlanExpired } from '../../platform/http/plan-expiry.js';
import { getPlatformSetting } from '../admin/platform-settings.queries.js';

const schema = { tags: ['tenants'], security: [{ bearer: [] }] };
const hoursResponse = { response: { 200: ZBusinessHoursResponse } };

/** The caller's own company only: no route here takes a tenant id. */
export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tenants/business-hours/',
    {
      config: { auth: 'user' },
      schema: { operationId: 'getBusinessHours', summary: "The company's business hours", ...schema, ...hoursResponse },
    },
    async (req) => presentBusinessHours(await getOwnTenant(req.scope)),
  );
  app.put(
    '/tenants/business-hours/',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'updateBusinessHours',
        summary: "Set the company's business hours",
        ...schema,
        body: ZBusinessHours,
        ...hoursResponse,
      },
    },
    (req) => updateOwnTenant(req.scope, { businessHours: [...req.body].sort((x, y) => x.day - y.day) }),
  );
  app.put(
    '/tenants/message-business-hours/',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'updateAbsenceMessage',
        summary: 'Set the message sent outside business hours',
        ...schema,
        body: ZMessageBusinessHours,
        ...hoursResponse,
      },
    },
    (req) => updateOwnTenant(req.scope, { messageBusinessHours: req.body.messageBusinessHours }),
  );
  app.put(
    '/tenants/timezone/',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'updateTimezone',
        summary: "Set the company's time zone",
        ...schema,
        body: ZTimezone,
        ...hoursResponse,
      },
    },
    (req) => updateOwnTenant(req.scope, { timezone: req.body.timezone }),
  );
  // Billing reads stay reachable after the due date, so the renewal screen can show them; the
  // answer says whether the plan is expired by the server's own rule (grace days, time zone).
  app.get(
    '/tenants/date/',
    {
      config: { auth: 'user', allowExpired: true },
      schema: {
        operationId: 'getTenantDueDate',
        summary: "The company's due date",
        ...schema,
        response: { 200: ZTenantDateResponse },
      },
    },
    async (req) => {
      const tenant = await getOwnTenant(req.scope);
      const grace = await graceDays(req.scope.database);
      return {
        dueDate: tenant.dueDate,
        graceDays: grace,
        expired: isPlanExpired(tenant.id, tenant.dueDate, tenant.timezone, grace),
      };
    },
  );
  // The operator's notice banner, when it is meant for this company (every company, or it among
  // those chosen); read after sign-in, also while the plan is expired.
  app.get(
    '/tenants/notice/',
    {
      config: { auth: 'user', allowExpired: true },
      schema: {
        operationId: 'getTenantNotice',
        summary: "The operator's notice for the caller's company ('' when there is none for it)",
        ...schema,
        response: { 200: ZTenantNotice },
      },
    },
    async (req) => {
      const [notice, targets] = await Promise.all([
        getPlatformSetting(req.scope.database, 'noticeBanner'),
        getPlatformSetting(req.scope.database, 'noticeBannerTenants'),
      ]);
      return { notice: noticeIsFor(targets, req.auth.tenantId) ? notice : '' };
    },
  );
  app.get(
    '/tenants/plan/',
    {
      config: { auth: 'user', allowExpired: true },
      schema: {
        operationId: 'getTenantPlan',
        summary: "The company's plan and its limits",
        ...schema,
        response: { 200: ZTenantPlanResponse },
      },
    },
    async (req) => {
      const { plan, usage } = await ownPlanUsage(req.scope);
      return { plan: plan ? presentPlan(plan) : null, usage };
    },
  );
};
