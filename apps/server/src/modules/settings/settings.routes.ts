import { ZSetting, ZSettingValue } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateSetting } from './commands/update-setting.js';
import { listSettings } from './settings.queries.js';

const schema = { tags: ['settings'], security: [{ bearer: [] }] };

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every signed-in user reads the settings: several change what agents may do.
  app.get(
    '/settings',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listSettings',
        summary: "List the company's settings",
        ...schema,
        response: { 200: z.array(ZSetting) },
      },
    },
    (req) => listSettings(req.scope),
  );
  app.put(
    '/settings/:key',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'updateSetting',
        summary: 'Change one setting',
        errors: ['ERR_NO_SETTING_FOUND', 'ERR_PREMIUM_FEATURE'],
        ...schema,
        params: z.object({ key: z.string().max(100) }),
        body: ZSettingValue,
        response: { 200: ZSetting },
      },
    },
    (req) => updateSetting(req.scope, req.params.key, req.body.value),
  );
};
