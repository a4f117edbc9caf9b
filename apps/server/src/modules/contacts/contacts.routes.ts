import multipart from '@fastify/multipart';
import { readingMultipart } from '../../platform/http/multipart-errors.js';
import {
  ZContact,
  ZContactImportResult,
  ZContactInput,
  ZContactList,
  ZContactListQuery,
  ZContactSync,
  ZContactSyncResult,
  ZContactUpdate,
  ZIdParams,
} from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.js';
import { deleteContact } from './commands/delete-contact.js';
import { exportContacts } from './commands/export-contacts.js';
import { importContacts, type Upload } from './commands/import-contacts.js';
import { laneViewer } from '../kanban/kanban.policy.js';
import { createContact, updateContact } from './commands/save-contact.js';
import { syncContacts } from './commands/sync-contacts.js';
import { assertMayUseContacts, contactView } from './contacts.policy.js';
import { presentContact } from './contacts.presenter.js';
import { listContacts } from './contacts.list.js';
import { getContactWithRelations } from './contacts.queries.js';

const schema = { tags: ['contacts'], security: [{ bearer: [] }] };
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** The one file of a multipart upload, field `file`; a body of another kind is not a CSV. */
async function readUpload(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  return readingMultipart(async () => {
    const file = await req.file();
    if (!file || file.fieldname !== 'file') throw new AppError('ERR_VALIDATION', { file: 'validation.required' });
    try {
      return { filename: file.filename, mimetype: file.mimetype, content: await file.toBuffer() };
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERR_FILE_TOO_LARGE');
      throw err;
    }
  });
}

export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: only the import route reads multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
  // With `ContactAdmin` on, only admins reach any contacts route; checked before the body is read.
  app.addHook('onRequest', async (req) => assertMayUseContacts(req.scope, req.auth));

  app.get(
    '/contacts',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listContacts',
        summary: 'List and search contacts',
        errors: ['ERR_NO_PERMISSION'],
        ...schema,
        querystring: ZContactListQuery,
        response: { 200: ZContactList },
      },
    },
    async (req) => {
      const view = await contactView(req.scope, req.auth);
      const page = await listContacts(req.scope, view, req.query);
      return { ...page, contacts: page.contacts.map((c) => presentContact(c.row, c.tags, c.wallets, view)) };
    },
  );
  // Streams CSV; declared before /contacts/:id for readers (the router prefers the static path anyway).
  app.get(
    '/contacts/export',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'exportContacts',
        binary: 'text/csv',
        summary: 'Export the contacts as CSV',
        errors: ['ERR_NO_PERMISSION'],
        ...schema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const stream = exportContacts(req.scope, await contactView(req.scope, req.auth));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="contatos.csv"')
        .send(stream);
    },
  );
  app.get(
    '/contacts/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getContact',
        summary: 'Read a contact',
        errors: ['ERR_NO_CONTACT_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZContact },
      },
    },
    async (req) => {
      const view = await contactView(req.scope, req.auth);
      const c = await getContactWithRelations(req.scope, view, req.params.id);
      return presentContact(c.row, c.tags, c.wallets, view);
    },
  );
  app.post(
    '/contacts',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'createContact',
        summary: 'Create a contact',
        errors: [
          'ERR_DUPLICATED_CONTACT',
          'ERR_NO_TAG_FOUND',
          'ERR_NO_USER_FOUND',
          'ERR_NO_PERMISSION',
          'ERR_NO_LANE_FOUND',
          'ERR_CONTACT_CRM_DISABLED',
        ],
        ...schema,
        body: ZContactInput,
        response: { 201: ZContact },
      },
    },
    async (req, reply) => {
      const view = await contactView(req.scope, req.auth);
      const c = await createContact(req.scope, view, await laneViewer(req.scope, req.auth), req.body);
      return reply.status(201).send(presentContact(c.row, c.tags, c.wallets, view));
    },
  );
  app.put(
    '/contacts/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updateContact',
        summary: 'Update a contact',
        errors: [
          'ERR_NO_CONTACT_FOUND',
          'ERR_DUPLICATED_CONTACT',
          'ERR_NO_TAG_FOUND',
          'ERR_NO_USER_FOUND',
          'ERR_NO_PERMISSION',
          'ERR_NO_LANE_FOUND',
          'ERR_CONTACT_CRM_DISABLED',
        ],
        ...schema,
        params: ZIdParams,
        body: ZContactUpdate,
        response: { 200: ZContact },
      },
    },
    async (req) => {
      const view = await contactView(req.scope, req.auth);
      const c = await updateContact(req.scope, view, await laneViewer(req.scope, req.auth), req.params.id, req.body);
      return presentContact(c.row, c.tags, c.wallets, view);
    },
  );
  app.delete(
    '/contacts/:id',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'deleteContact',
        summary: 'Delete a contact without tickets',
        errors: ['ERR_NO_CONTACT_FOUND', 'ERR_CONTACT_TICKETS_REGISTERED', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteContact(req.scope, await contactView(req.scope, req.auth), req.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    '/contacts/import',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'importContacts',
        summary: 'Import contacts from a CSV file',
        errors: ['ERR_FILE_TOO_LARGE', 'ERR_FILE_TYPE_NOT_ALLOWED', 'ERR_NO_PERMISSION'],
        ...schema,
        consumes: ['multipart/form-data'],
        response: { 200: ZContactImportResult },
      },
    },
    async (req) => importContacts(req.scope, await contactView(req.scope, req.auth), await readUpload(req)),
  );
  // The channel's address book into the contacts (SPEC §2 "/contatos: import, export and sync"):
  // admins only, as it reads a channel's pairing and touches every contact of the company.
  app.post(
    '/contacts/sync',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'syncContacts',
        summary: 'Import the address book of a WhatsApp Web channel',
        errors: ['ERR_NO_WAPP_FOUND', 'ERR_WAPP_NOT_INITIALIZED', 'ERR_CHANNEL_NOT_SUPPORTED', 'ERR_NO_PERMISSION'],
        ...schema,
        body: ZContactSync,
        response: { 200: ZContactSyncResult },
      },
    },
    async (req) => syncContacts(app.platform, req.scope, req.body),
  );
};
