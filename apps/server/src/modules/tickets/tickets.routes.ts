import {
  ZAttendanceFilter,
  ZAuditLogList,
  ZAuditLogQuery,
  ZBulkResult,
  ZBulkTickets,
  ZCreateTicket,
  ZIdParams,
  ZId,
  ZNote,
  ZNoteInput,
  ZTicket,
  ZTicketCounts,
  ZTicketList,
  ZTicketLog,
  ZTicketPrivacy,
  ZTicketToBot,
  ZUpdateTicket,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAuditLogs } from './audit-log.js';
import { accessTicket } from './commands/access-ticket.js';
import { addNote } from './commands/add-note.js';
import { bulkCloseTickets } from './commands/bulk-close-tickets.js';
import { bulkDeleteTickets } from './commands/bulk-delete-tickets.js';
import { createTicket } from './commands/create-ticket.js';
import { deleteTicket } from './commands/delete-ticket.js';
import { setTicketPrivacy } from './commands/set-ticket-privacy.js';
import { ticketToBot } from './commands/ticket-to-bot.js';
import { updateTicket } from './commands/update-ticket.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { loadTicketBases, presentNote, presentTicket } from './tickets.presenter.js';
import { countVisibleTickets, listTicketPage } from './tickets.list-query.js';
import { getVisibleTicket, listTicketNotes } from './tickets.queries.js';
import { readTicketLog } from './ticket-log-read.js';
import { loadViewer } from './tickets.viewer.js';

const schema = { tags: ['tickets'], security: [{ bearer: [] }] };
const ZTicketIdParams = z.object({ ticketId: ZId });

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The view of one ticket as the caller sees it, after a change. */
  const viewOf = async (req: { scope: TenantScope; auth: AuthContext }, id: number) => {
    const [base] = await loadTicketBases(req.scope, [id]);
    return presentTicket(base!, await loadViewer(req.scope, req.auth));
  };

  app.get(
    '/tickets',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listTickets',
        summary: 'List and filter tickets (a page)',
        errors: ['ERR_NO_STATUS_SELECTED'],
        ...schema,
        querystring: ZAttendanceFilter,
        response: { 200: ZTicketList },
      },
    },
    async (req) => {
      const viewer = await loadViewer(req.scope, req.auth);
      const page = await listTicketPage(req.scope, viewer, req.query);
      return { tickets: page.bases.map((b) => presentTicket(b, viewer)), count: page.count, hasMore: page.hasMore };
    },
  );
  app.get(
    '/user/counttickets',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'countTickets',
        summary: 'Count the tickets the user sees, by status',
        ...schema,
        response: { 200: ZTicketCounts },
      },
    },
    async (req) => countVisibleTickets(req.scope, await loadViewer(req.scope, req.auth)),
  );
  app.post(
    '/tickets/new',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'createTicket',
        summary: 'Open a ticket for a contact',
        errors: [
          'ERR_NO_CONTACT_FOUND',
          'ERR_NO_WAPP_FOUND',
          'ERR_NO_DEF_WAPP_FOUND',
          'ERR_NO_QUEUE_FOUND',
          'ERR_NO_USER_FOUND',
          'ERR_OTHER_OPEN_TICKET',
          'ERR_NO_PERMISSION',
          'ERR_PREMIUM_FEATURE',
        ],
        ...schema,
        body: ZCreateTicket,
        response: { 201: ZTicket },
      },
    },
    async (req, reply) => reply.status(201).send(await viewOf(req, await createTicket(req.scope, req.auth, req.body))),
  );
  app.post(
    '/tickets/close-tickets',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'closeTickets',
        summary: 'Close several tickets',
        ...schema,
        body: ZBulkTickets,
        response: { 200: ZBulkResult },
      },
    },
    async (req) => ({ count: await bulkCloseTickets(req.scope, req.auth, req.body.ticketIds) }),
  );
  app.post(
    '/tickets/del-tickets',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'deleteTickets',
        summary: 'Delete several tickets',
        ...schema,
        body: ZBulkTickets,
        response: { 200: ZBulkResult },
      },
    },
    async (req) => ({ count: await bulkDeleteTickets(req.scope, req.auth, req.body.ticketIds) }),
  );
  // Opening a ticket is logged ('access').
  app.get(
    '/tickets/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getTicket',
        summary: 'Open a ticket (logged)',
        errors: ['ERR_NO_TICKET_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZTicket },
      },
    },
    (req) => accessTicket(req.scope, req.auth, req.params.id),
  );
  // Accept, return, close (with farewell), reopen, transfer: the policy checks each action.
  app.put(
    '/tickets/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updateTicket',
        summary: 'Accept, return, close, reopen or transfer a ticket',
        errors: [
          'ERR_NO_TICKET_FOUND',
          'ERR_NO_PERMISSION',
          'ERR_NO_STATUS_SELECTED',
          'ERR_OTHER_OPEN_TICKET',
          'ERR_NO_USER_FOUND',
          'ERR_NO_QUEUE_FOUND',
        ],
        ...schema,
        params: ZIdParams,
        body: ZUpdateTicket,
        response: { 200: ZTicket },
      },
    },
    async (req) => {
      await updateTicket(req.scope, req.auth, req.params.id, req.body);
      return viewOf(req, req.params.id);
    },
  );
  app.put(
    '/tickets/bot/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'sendTicketToBot',
        summary: 'Hand a ticket to a chat flow',
        errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_AUTO_REPLY_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZIdParams,
        body: ZTicketToBot,
        response: { 200: ZTicket },
      },
    },
    async (req) => {
      return ticketToBot(req.scope, req.auth, req.params.id, req.body.chatFlowId, (tx) =>
        viewOf({ scope: tx, auth: req.auth }, req.params.id),
      );
    },
  );
  // Its agent marks an open ticket private, or public again (the policy's markPrivate).
  app.put(
    '/tickets/:id/private',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'setTicketPrivacy',
        summary: 'Mark a ticket private or public',
        errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZIdParams,
        body: ZTicketPrivacy,
        response: { 200: ZTicket },
      },
    },
    async (req) => {
      await setTicketPrivacy(req.scope, req.auth, req.params.id, req.body.isPrivate);
      return viewOf(req, req.params.id);
    },
  );
  // Admins and supervisors only (the policy also requires the ticket be visible to them).
  app.delete(
    '/tickets/:id',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'deleteTicket',
        summary: 'Delete a ticket',
        errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteTicket(req.scope, req.auth, req.params.id);
      return reply.status(204).send();
    },
  );
  // Audit mode's log (SPEC §6): admins and supervisors only, newest first, a page at a time.
  app.get(
    '/audit-logs',
    {
      config: { auth: 'supervisor' },
      schema: {
        operationId: 'listAuditLogs',
        summary: 'The audit log (a page)',
        ...schema,
        querystring: ZAuditLogQuery,
        response: { 200: ZAuditLogList },
      },
    },
    (req) => listAuditLogs(req.scope, req.query.pageNumber),
  );
  app.get(
    '/tickets/:ticketId/logs',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listTicketLogs',
        summary: "A ticket's history",
        errors: ['ERR_NO_TICKET_FOUND'],
        ...schema,
        params: ZTicketIdParams,
        response: { 200: z.array(ZTicketLog) },
      },
    },
    async (req) => {
      await getVisibleTicket(req.scope, await loadViewer(req.scope, req.auth), req.params.ticketId);
      return readTicketLog(req.scope, req.params.ticketId);
    },
  );
  app.get(
    '/tickets/:ticketId/notes',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listTicketNotes',
        summary: "A ticket's internal notes",
        errors: ['ERR_NO_TICKET_FOUND'],
        ...schema,
        params: ZTicketIdParams,
        response: { 200: z.array(ZNote) },
      },
    },
    async (req) => {
      await getVisibleTicket(req.scope, await loadViewer(req.scope, req.auth), req.params.ticketId);
      return (await listTicketNotes(req.scope, req.params.ticketId)).map(presentNote);
    },
  );
  app.post(
    '/tickets/:ticketId/notes',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'addTicketNote',
        summary: 'Add an internal note to a ticket',
        errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'],
        ...schema,
        params: ZTicketIdParams,
        body: ZNoteInput,
        response: { 201: ZNote },
      },
    },
    async (req, reply) => {
      const note = await addNote(req.scope, req.auth, req.params.ticketId, req.body.body);
      return reply.status(201).send(presentNote({ ...note, user: { id: req.auth.userId, name: req.auth.name } }));
    },
  );
};
