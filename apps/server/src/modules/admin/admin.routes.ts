// SECURITY-CRITICAL: the platform operator's routes. They reach across tenants, so EVERY route here
// declares `config: { auth: 'operator' }` (an admin of tenant 1, checked by the auth hook) and no
// tenant id is taken from the caller's token: the company is the one the operator names.
import {
  ZAdminUserUpdate,
  ZIdParams,
  ZPlan,
  ZPlanInput,
  ZPlatformSettings,
  ZPlatformSettingsUpdate,
  ZSaasDashboard,
  ZSaasDashboardQuery,
  ZTenant,
  ZTenantCreateBody,
  ZTenantListQuery,
  ZTenantUpdateBody,
  ZUser,
  ZUsersTotal,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listTenantUsers, listTenantViews, usersTotal } from './admin.queries.js';
import { presentAdminUser, presentPlan, presentPlatformSettings, presentTenant } from './admin.presenter.js';
import { addCompanyMonth } from './commands/add-company-month.js';
import { createCompany } from './commands/create-company.js';
import { deleteCompany } from './commands/delete-company.js';
import { deletePlan } from './commands/delete-plan.js';
import { createPlan, updatePlan } from './commands/save-plan.js';
import { toggleCompanyStatus } from './commands/toggle-company-status.js';
import { updateCompany } from './commands/update-company.js';
import { updateCompanyUser } from './commands/update-company-user.js';
import { updatePlatformSettings } from './commands/update-platform-settings.js';
import { listPlans } from './plans.queries.js';
import { readPlatformSettings } from './platform-settings.queries.js';
import { saasDashboard } from './saas-dashboard.queries.js';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };
const operator = { auth: 'operator' } as const;

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;
  const { db } = platform;

  // ------------------------------------------------------------------ companies
  app.get(
    '/admin/tenants/',
    {
      config: operator,
      schema: {
        operationId: 'listTenants',
        summary: 'List the companies (platform operator)',
        ...schema,
        querystring: ZTenantListQuery,
        response: { 200: z.array(ZTenant) },
      },
    },
    async (req) => (await listTenantViews(db, req.query.status)).map(presentTenant),
  );
  app.post(
    '/admin/tenants/',
    {
      config: operator,
      schema: {
        operationId: 'createTenant',
        summary: 'Create a company with its admin',
        errors: ['ERR_EMAIL_ALREADY_EXISTS', 'ERR_NO_PLAN_FOUND', 'ERR_INVALID_DUE_DATE'],
        ...schema,
        body: ZTenantCreateBody,
        response: { 201: ZTenant },
      },
    },
    async (req, reply) => reply.status(201).send(presentTenant(await createCompany(platform, req.body))),
  );
  app.delete(
    '/admin/tenants/:id',
    {
      config: operator,
      schema: {
        operationId: 'deleteTenant',
        summary: 'Delete a company',
        errors: ['ERR_NO_TENANT_FOUND', 'ERR_OPERATOR_TENANT_PROTECTED'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteCompany(db, req.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    '/admin/tenantsMonth/:id',
    {
      config: operator,
      schema: {
        operationId: 'renewTenantMonth',
        summary: "Extend a company's due date by its recurrence",
        errors: ['ERR_NO_TENANT_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZTenant },
      },
    },
    async (req) => presentTenant(await addCompanyMonth(db, req.params.id)),
  );
  app.put(
    '/admin/status/tenant/:id',
    {
      config: operator,
      schema: {
        operationId: 'toggleTenantStatus',
        summary: 'Activate or deactivate a company',
        errors: ['ERR_NO_TENANT_FOUND', 'ERR_OPERATOR_TENANT_PROTECTED'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZTenant },
      },
    },
    async (req) => presentTenant(await toggleCompanyStatus(db, req.params.id)),
  );
  app.put(
    '/admin/empresa/:id',
    {
      config: operator,
      schema: {
        operationId: 'updateTenant',
        summary: 'Update a company',
        errors: ['ERR_NO_TENANT_FOUND', 'ERR_NO_PLAN_FOUND', 'ERR_INVALID_DUE_DATE'],
        ...schema,
        params: ZIdParams,
        body: ZTenantUpdateBody,
        response: { 200: ZTenant },
      },
    },
    async (req) => presentTenant(await updateCompany(db, req.params.id, req.body)),
  );

  // ------------------------------------------------------------------ users of any company
  app.get(
    '/admin/users/:id',
    {
      config: operator,
      schema: {
        operationId: 'listTenantUsers',
        summary: 'List the users of a company',
        errors: ['ERR_NO_TENANT_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 200: z.array(ZUser) },
      },
    },
    async (req) => (await listTenantUsers(db, req.params.id)).map(presentAdminUser),
  );
  app.put(
    '/admin/users/:id',
    {
      config: operator,
      schema: {
        operationId: 'updateTenantUser',
        summary: 'Update a user of any company',
        errors: ['ERR_NO_USER_FOUND', 'ERR_EMAIL_ALREADY_EXISTS', 'ERR_OPERATOR_TENANT_PROTECTED'],
        ...schema,
        params: ZIdParams,
        body: ZAdminUserUpdate,
        response: { 200: ZUser },
      },
    },
    async (req) => presentAdminUser(await updateCompanyUser(db, req.params.id, req.body)),
  );
  app.get(
    '/admin/userstotal',
    {
      config: operator,
      schema: {
        operationId: 'countUsers',
        summary: 'Count users across companies',
        ...schema,
        response: { 200: ZUsersTotal },
      },
    },
    () => usersTotal(db),
  );

  // ------------------------------------------------------------------ the operator's dashboard
  app.get(
    '/admin/dashboard',
    {
      config: operator,
      schema: {
        operationId: 'getSaasDashboard',
        summary: 'Companies by state, monthly recurring revenue, invoices of the month and sign-ups by day (platform operator)',
        ...schema,
        querystring: ZSaasDashboardQuery,
        response: { 200: ZSaasDashboard },
      },
    },
    async (req) => saasDashboard(db, req.query.days),
  );

  // ------------------------------------------------------------------ plans
  app.get(
    '/admin/plans',
    {
      config: operator,
      schema: { operationId: 'listPlans', summary: 'List the plans', ...schema, response: { 200: z.array(ZPlan) } },
    },
    async () => (await listPlans(db)).map(presentPlan),
  );
  app.post(
    '/admin/plans',
    {
      config: operator,
      schema: {
        operationId: 'createPlan',
        summary: 'Create a plan',
        errors: ['ERR_PLAN_NAME_EXISTS'],
        ...schema,
        body: ZPlanInput,
        response: { 201: ZPlan },
      },
    },
    async (req, reply) => reply.status(201).send(presentPlan(await createPlan(db, req.body))),
  );
  app.put(
    '/admin/plans/:id',
    {
      config: operator,
      schema: {
        operationId: 'updatePlan',
        summary: 'Update a plan',
        errors: ['ERR_NO_PLAN_FOUND', 'ERR_PLAN_NAME_EXISTS'],
        ...schema,
        params: ZIdParams,
        body: ZPlanInput,
        response: { 200: ZPlan },
      },
    },
    async (req) => presentPlan(await updatePlan(db, req.params.id, req.body)),
  );
  app.delete(
    '/admin/plans/:id',
    {
      config: operator,
      schema: {
        operationId: 'deletePlan',
        summary: 'Delete a plan no company uses',
        errors: ['ERR_NO_PLAN_FOUND', 'ERR_PLAN_IN_USE'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deletePlan(db, req.params.id);
      return reply.status(204).send();
    },
  );

  // ------------------------------------------------------------------ platform settings
  app.get(
    '/admin/settings',
    {
      config: operator,
      schema: {
        operationId: 'getPlatformSettings',
        summary: 'Read the platform settings',
        ...schema,
        response: { 200: ZPlatformSettings },
      },
    },
    async () => presentPlatformSettings(await readPlatformSettings(db), app.platform.config.encryptionSecret),
  );
  app.put(
    '/admin/settings',
    {
      config: operator,
      schema: {
        operationId: 'updatePlatformSettings',
        summary: 'Update the platform settings',
        ...schema,
        body: ZPlatformSettingsUpdate,
        response: { 200: ZPlatformSettings },
      },
    },
    async (req) => {
      const secret = app.platform.config.encryptionSecret;
      return presentPlatformSettings(await updatePlatformSettings(db, req.body, secret), secret);
    },
  );
};
