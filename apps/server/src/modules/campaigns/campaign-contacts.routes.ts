import {
  ZCampaignContactList,
  ZCampaignContactParams,
  ZCampaignContactQuery,
  ZCampaignContactsAdd,
  ZCampaignContactsAdded,
  ZIdParams,
  ZOk,
} from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.js';
import { readingMultipart } from '../../platform/http/multipart-errors.js';
import { addCampaignContacts, removeCampaignContacts, type CsvUpload } from './commands/add-campaign-contacts.js';
import { listCampaignContacts } from './campaigns.queries.js';

const schema = { tags: ['campaigns'], security: [{ bearer: [] }] };
const PLAN = 'ERR_PREMIUM_FEATURE' as const;
const EDIT = ['ERR_NO_CAMPAIGN_FOUND', 'ERR_NO_UPDATE_CAMPAIGN_NOT_IN_CANCELED_PENDING', PLAN] as const;

/** The CSV of a multipart request: field `file`, columns Nome and Numero. */
async function csvOf(req: FastifyRequest): Promise<CsvUpload> {
  return readingMultipart(async () => {
    const file = await req.file();
    if (!file || file.fieldname !== 'file') throw new AppError('ERR_VALIDATION', { file: 'validation.required' });
    return { filename: file.filename, mimetype: file.mimetype, content: await file.toBuffer() };
  });
}

/** A campaign's contact list; registered inside campaignsRoutes (its multipart and plan hook). */
export const campaignContactsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/campaigns/contacts/:id',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'listCampaignContacts',
        summary: "A page of the campaign's contacts with their delivery state, and the counts by state",
        errors: ['ERR_NO_CAMPAIGN_FOUND', PLAN],
        ...schema,
        params: ZIdParams,
        querystring: ZCampaignContactQuery,
        response: { 200: ZCampaignContactList },
      },
    },
    async (req) => listCampaignContacts(req.scope, req.params.id, req.query),
  );
  app.post(
    '/campaigns/contacts/:id',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'addCampaignContacts',
        summary: 'Link contacts by ids, tag, wallet or CRM lane (JSON), or from a CSV with Nome and Numero (multipart)',
        errors: [
          ...EDIT,
          'ERR_CAMPAIGN_CONTACTS_NOT_EXISTS_OR_NOT_ACESSIBLE',
          'ERR_NO_TAG_FOUND',
          'ERR_NO_USER_FOUND',
          'ERR_FILE_TOO_LARGE',
          'ERR_FILE_TYPE_NOT_ALLOWED',
        ],
        ...schema,
        params: ZIdParams,
        response: { 200: ZCampaignContactsAdded },
      },
    },
    async (req) =>
      addCampaignContacts(
        req.scope,
        req.params.id,
        req.isMultipart() ? { csv: await csvOf(req) } : ZCampaignContactsAdd.parse(req.body ?? {}),
      ),
  );
  app.delete(
    '/campaigns/contacts/:id/:contactId',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'removeCampaignContact',
        summary: 'Unlink one contact from a pending or cancelled campaign',
        errors: [...EDIT, 'ERR_NO_CAMPAIGN_CONTACTS_NOT_FOUND'],
        ...schema,
        params: ZCampaignContactParams,
        response: { 200: ZOk },
      },
    },
    async (req) => {
      await removeCampaignContacts(req.scope, req.params.id, req.params.contactId);
      return { ok: true as const };
    },
  );
  app.delete(
    '/campaigns/deleteall/contacts/:id',
    {
      config: { auth: 'supervisor' },
      schema: { operationId: 'removeAllCampaignContacts', summary: 'Unlink every contact of a pending or cancelled campaign', errors: [...EDIT], ...schema, params: ZIdParams, response: { 200: ZOk } },
    },
    async (req) => {
      await removeCampaignContacts(req.scope, req.params.id);
      return { ok: true as const };
    },
  );
};
