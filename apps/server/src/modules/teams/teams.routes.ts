import { ZIdParams, ZTeam, ZTeamInput, ZUserTeamsInput } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteTeam } from './commands/delete-team.js';
import { createTeam, updateTeam } from './commands/save-team.js';
import { setUserTeams } from './commands/set-user-teams.js';
import { presentTeam } from './teams.presenter.js';
import { listTeams } from './teams.queries.js';

const schema = { tags: ['teams'], security: [{ bearer: [] }] };

export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/teams',
    {
      config: { auth: 'admin' },
      schema: { operationId: 'listTeams', summary: 'List the teams', ...schema, response: { 200: z.array(ZTeam) } },
    },
    async (req) => (await listTeams(req.scope)).map((t) => presentTeam(t.row, t.userIds)),
  );
  app.post(
    '/teams',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'createTeam',
        summary: 'Create a team',
        errors: ['ERR_TEAM_EXISTS', 'ERR_NO_USER_FOUND'],
        ...schema,
        body: ZTeamInput,
        response: { 201: ZTeam },
      },
    },
    async (req, reply) => reply.status(201).send(await createTeam(req.scope, req.body)),
  );
  app.put(
    '/teams/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'updateTeam',
        summary: 'Update a team',
        errors: ['ERR_NO_TEAM_FOUND', 'ERR_TEAM_EXISTS', 'ERR_NO_USER_FOUND'],
        ...schema,
        params: ZIdParams,
        body: ZTeamInput,
        response: { 200: ZTeam },
      },
    },
    (req) => updateTeam(req.scope, req.params.id, req.body),
  );
  app.delete(
    '/teams/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'deleteTeam',
        summary: 'Delete a team',
        errors: ['ERR_NO_TEAM_FOUND'],
        ...schema,
        params: ZIdParams,
      },
    },
    async (req, reply) => {
      await deleteTeam(req.scope, req.params.id);
      return reply.status(204).send();
    },
  );
  app.put(
    '/users/:id/teams',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'setUserTeams',
        summary: "Set a user's teams",
        errors: ['ERR_NO_USER_FOUND', 'ERR_NO_TEAM_FOUND'],
        ...schema,
        params: ZIdParams,
        body: ZUserTeamsInput,
        response: { 200: ZUserTeamsInput },
      },
    },
    async (req) => ({ teamIds: await setUserTeams(req.scope, req.params.id, req.body.teamIds) }),
  );
};
