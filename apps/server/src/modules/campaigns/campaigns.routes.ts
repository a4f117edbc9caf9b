import multipart from '@fastify/multipart';
import { ZCampaign, ZCampaignInput, ZCampaignList, ZCampaignQuery, ZCampaignStart, ZIdParams, ZOk } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MULTIPART_LIMITS, readMultipart, type UploadedFile } from '../messages/upload.js';
import { createCampaign, deleteCampaign, updateCampaign } from './commands/save-campaign.js';
import { cancelCampaign, startCampaign } from './commands/start-campaign.js';
import { requirePlanFeature } from '../tenants/plan-features.js';
import { getCampaignRow, listCampaigns, showCampaign } from './campaigns.queries.js';
import { campaignContactsRoutes } from './campaign-contacts.routes.js';
import { emitCampaignChange } from './campaigns.events.js';

export const campaignSchema = { tags: ['campaigns'], security: [{ bearer: [] }] };
const PLAN = 'ERR_PREMIUM_FEATURE' as const;

/** JSON, or multipart with the same fields and one file (the campaign's media, SPEC §5: 50 MB). */
async function bodyOf(req: FastifyRequest): Promise<{ input: ReturnType<typeof ZCampaignInput.parse>; files: UploadedFile[] }> {
  if (!req.isMultipart()) return { input: ZCampaignInput.parse(req.body ?? {}), files: [] };
  const { fields, files } = await readMultipart(req);
  return { input: ZCampaignInput.parse(fields), files };
}

/**
 * Campaigns (SPEC §3, §4, §5): admins and supervisors, on plans with campaigns (`plans.campaign`,
 * else ERR_PREMIUM_FEATURE on every route, checked before the body is read).
 */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  app.addHook('onRequest', async (req) => requirePlanFeature(req.scope, 'campaign'));
  // Template campaigns (campaign-template.ts): an approved template of a Cloud API channel.
  const template = ['ERR_CAMPAIGN_TEMPLATE_NEEDS_WABA', 'ERR_NO_TEMPLATE_FOUND'] as const;
  const save = [
    'ERR_NO_CAMPAIGN_FOUND',
    'ERR_NO_UPDATE_CAMPAIGN_NOT_IN_CANCELED_PENDING',
    'ERR_CAMPAIGN_TEMPLATE_ONLY_DATE',
    'ERR_CAMPAIGN_DATE',
    'ERROR_CAMPAIGN_DATE_NOT_VALID',
    'ERR_NO_WAPP_FOUND',
    'ERR_CHANNEL_NOT_SUPPORTED',
    ...template,
  ] as const;
  const files = ['ERR_FILE_TOO_LARGE', 'ERR_FILE_TYPE_NOT_ALLOWED'] as const;

  app.get(
    '/campaigns',
    {
      config: { auth: 'supervisor' },
      schema: { operationId: 'listCampaigns', summary: 'List campaigns', errors: [PLAN], ...campaignSchema, querystring: ZCampaignQuery, response: { 200: ZCampaignList } },
    },
    async (req) => listCampaigns(req.scope, req.query),
  );
  app.get(
    '/campaigns/:id',
    {
      config: { auth: 'supervisor' },
      schema: { operationId: 'showCampaign', summary: 'Show a campaign with its delivery counts', errors: ['ERR_NO_CAMPAIGN_FOUND', PLAN], ...campaignSchema, params: ZIdParams, response: { 200: ZCampaign } },
    },
    async (req) => showCampaign(req.scope, await getCampaignRow(req.scope, req.params.id)),
  );
  app.post(
    '/campaigns',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'createCampaign',
        summary: 'Create a campaign (pending until scheduled); JSON, or multipart with one file',
        errors: ['ERR_CAMPAIGN_DATE', 'ERR_NO_WAPP_FOUND', 'ERR_CHANNEL_NOT_SUPPORTED', ...template, ...files, PLAN],
        ...campaignSchema,
        response: { 201: ZCampaign },
      },
    },
    async (req, reply) => {
      const { input, files: uploaded } = await bodyOf(req);
      const row = await createCampaign(req.scope, input, uploaded);
      emitCampaignChange(req.scope, 'create', row.id);
      return reply.status(201).send(await showCampaign(req.scope, row));
    },
  );
  app.put(
    '/campaigns/:id',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'updateCampaign',
        summary: 'Update a pending or cancelled campaign (a scheduled template campaign: its send date only); JSON, or multipart with one file',
        errors: [...save, ...files, PLAN],
        ...campaignSchema,
        params: ZIdParams,
        response: { 200: ZCampaign },
      },
    },
    async (req) => {
      const { input, files: uploaded } = await bodyOf(req);
      const row = await updateCampaign(req.scope, req.params.id, input, uploaded);
      emitCampaignChange(req.scope, 'update', row.id);
      return showCampaign(req.scope, row);
    },
  );
  app.delete(
    '/campaigns/:id',
    {
      config: { auth: 'supervisor' },
      schema: { operationId: 'deleteCampaign', summary: 'Delete a campaign, its contact list and file', errors: ['ERR_NO_CAMPAIGN_FOUND', PLAN], ...campaignSchema, params: ZIdParams, response: { 200: ZOk } },
    },
    async (req) => {
      await deleteCampaign(req.scope, req.params.id);
      emitCampaignChange(req.scope, 'delete', req.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/campaigns/start/:id',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'startCampaign',
        summary: 'Schedule a pending or cancelled campaign (start at least 15 minutes ahead)',
        errors: [
          'ERR_NO_CAMPAIGN_FOUND',
          'ERR_NO_UPDATE_CAMPAIGN_NOT_IN_CANCELED_PENDING',
          'ERR_CAMPAIGN_DATE',
          'ERROR_CAMPAIGN_DATE_NOT_VALID',
          'ERR_NO_WAPP_FOUND',
          'ERR_CHANNEL_NOT_SUPPORTED',
          'ERR_CAMPAIGN_CONTACTS_NOT_EXISTS',
          ...template,
          PLAN,
        ],
        ...campaignSchema,
        params: ZIdParams,
        body: ZCampaignStart.optional(),
        response: { 200: ZCampaign },
      },
    },
    async (req) => showCampaign(req.scope, await startCampaign(req.scope, req.params.id, req.body?.startAt)),
  );
  app.post(
    '/campaigns/cancel/:id',
    {
      config: { auth: 'supervisor' },
      schema: { operationId: 'cancelCampaign', summary: 'Cancel a scheduled or running campaign: nothing more is sent', errors: ['ERR_NO_CAMPAIGN_FOUND', PLAN], ...campaignSchema, params: ZIdParams, response: { 200: ZCampaign } },
    },
    async (req) => showCampaign(req.scope, await cancelCampaign(req.scope, req.params.id)),
  );
  await app.register(campaignContactsRoutes);
};
