// SECURITY-CRITICAL: Wavoip's public webhook (https://wavoip.gitbook.io/api/webhook-beta). Wavoip
// signs nothing, so the URL carries the line's unguessable secret (call_lines.webhook_secret); the
// line is found through the unsafe handle (active line, active company) and everything after runs
// for that line's tenant only (ingestCallEvents).
import { ZOk } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/client.js';
import { callLines, tenants } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import type { CallLineRow } from '../../modules/calls/call-lines.js';
import { ingestCallEvents } from '../../modules/calls/commands/ingest-call-event.js';
import { parseWavoipWebhook } from './wavoip.adapter.js';

/** Secrets are 32 url-safe characters (call-lines.ts); anything else is not looked up at all. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const ZSecretParams = z.object({ secret: z.string().max(200) });

export async function wavoipLineBySecret(db: Database, secret: string): Promise<CallLineRow | null> {
  if (!SECRET_PATTERN.test(secret)) return null;
  const [row] = await unsafeSystemDb(db)
    .select({ line: callLines })
    .from(callLines)
    .innerJoin(tenants, eq(tenants.id, callLines.tenantId))
    .where(
      and(
        eq(callLines.webhookSecret, secret),
        eq(callLines.provider, 'wavoip'),
        eq(callLines.active, true),
        eq(tenants.status, 'active'),
      ),
    )
    .limit(1);
  return row?.line ?? null;
}

export const wavoipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;
  app.post(
    '/webhooks/wavoip/:secret',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'receiveWavoipWebhook',
        summary: 'Receive a Wavoip call, recording or device event (the line’s secret in the path)',
        errors: ['ERR_CALL_LINE_NOT_FOUND'],
        tags: ['webhooks'],
        params: ZSecretParams,
        response: { 200: ZOk },
      },
    },
    async (req) => {
      const line = await wavoipLineBySecret(platform.db, req.params.secret);
      if (!line) throw new AppError('ERR_CALL_LINE_NOT_FOUND');
      // A body it does not know is acknowledged and dropped: the provider would resend it forever.
      const events = parseWavoipWebhook(req.body);
      for (const e of events)
        if (e.kind === 'device') req.log.info({ lineId: line.id, status: e.status }, 'wavoip device');
      await ingestCallEvents(platform.db, line, events);
      return { ok: true as const };
    },
  );
};
