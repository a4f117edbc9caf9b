import {
  ZContactIdParams,
  ZIdParams,
  ZKanbanCard,
  ZKanbanList,
  ZKanbanListQuery,
  ZKanbanMove,
  ZLane,
  ZLaneBoard,
  ZLaneInput,
  ZLaneOrder,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactView } from '../contacts/contacts.policy.js';
import { deleteLane } from './commands/delete-lane.js';
import { moveContact } from './commands/move-contact.js';
import { createLane, reorderLanes, updateLane } from './commands/save-lane.js';
import { laneViewer } from './kanban.policy.js';
import { presentLane } from './kanban.presenter.js';
import { listBoard, listLanes } from './kanban.queries.js';

const schema = { tags: ['kanban'], security: [{ bearer: [] }] };

/**
 * CRM lanes (SPEC §2 /kanban). Every signed-in user reaches the board; who may change lanes is
 * the policy's (kanban.policy.ts), so these routes are `user` and answer ERR_NO_PERMISSION there.
 */
export const kanbanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/kanban',
    {
      config: { auth: 'user' },
      schema: { operationId: 'listLanes', summary: 'List the CRM lanes the user sees', ...schema, response: { 200: ZLaneBoard } },
    },
    async (req) => {
      const viewer = await laneViewer(req.scope, req.auth);
      const lanes = await listLanes(req.scope, viewer);
      return { lanes: lanes.map(presentLane), separatePerUser: viewer.separate, can: { manage: viewer.manage } };
    },
  );
  app.post(
    '/kanban',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'createLane',
        summary: 'Create a CRM lane (last on the board)',
        errors: ['ERR_NO_PERMISSION'],
        ...schema,
        body: ZLaneInput,
        response: { 201: ZLane },
      },
    },
    async (req, reply) => {
      const row = await createLane(req.scope, await laneViewer(req.scope, req.auth), req.body);
      return reply.status(201).send(presentLane(row));
    },
  );
  app.put(
    '/kanban/order',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'reorderLanes',
        summary: 'Put the CRM lanes in a new order',
        errors: ['ERR_NO_PERMISSION', 'ERR_NO_LANE_FOUND'],
        ...schema,
        body: ZLaneOrder,
        response: { 200: z.array(ZLane) },
      },
    },
    async (req) => (await reorderLanes(req.scope, await laneViewer(req.scope, req.auth), req.body)).map(presentLane),
  );
  app.put(
    '/kanban/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updateLane',
        summary: 'Rename a CRM lane, change its colour or flow',
        errors: ['ERR_NO_PERMISSION', 'ERR_NO_LANE_FOUND'],
        ...schema,
        params: ZIdParams,
        body: ZLaneInput,
        response: { 200: ZLane },
      },
    },
    async (req) => presentLane(await updateLane(req.scope, await laneViewer(req.scope, req.auth), req.params.id, req.body)),
  );
  app.delete(
    '/kanban/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'deleteLane',
        summary: 'Delete a CRM lane; its contacts leave the board',
        errors: ['ERR_NO_PERMISSION', 'ERR_NO_LANE_FOUND'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteLane(req.scope, await laneViewer(req.scope, req.auth), req.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    '/kanban/list/',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listLaneContacts',
        summary: "A page of each lane's contacts with the lane's count and deal value total",
        errors: ['ERR_NO_LANE_FOUND'],
        ...schema,
        body: ZKanbanListQuery,
        response: { 200: ZKanbanList },
      },
    },
    async (req) => {
      const viewer = await laneViewer(req.scope, req.auth);
      return listBoard(req.scope, viewer, await contactView(req.scope, req.auth), req.body);
    },
  );
  app.put(
    '/kanban/contact/:contactId',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'moveLaneContact',
        summary: 'Put a contact on a CRM lane (or off the board) with its deal value and description',
        errors: ['ERR_NO_PERMISSION', 'ERR_NO_LANE_FOUND', 'ERR_NO_CONTACT_FOUND', 'ERR_CONTACT_CRM_DISABLED'],
        ...schema,
        params: ZContactIdParams,
        body: ZKanbanMove,
        response: { 200: ZKanbanCard },
      },
    },
    async (req) => {
      const viewer = await laneViewer(req.scope, req.auth);
      return moveContact(req.scope, viewer, await contactView(req.scope, req.auth), req.params.contactId, req.body);
    },
  );
};
