/**
 * What a website loads to show the widget (`/widget.js` and the socket.io client it uses) and the
 * demo site where a newcomer plays the customer. All public: they carry no tenant data but the
 * names of the demo companies.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cspHeader, loadableFromAnySite } from '../../platform/http/security-headers.js';
import { DEMO_SCRIPT_HASH, renderDemoPage } from './demo-page.js';
import { demoChannels, KEY_PATTERN } from './webchat.queries.js';

const WIDGET_FILE = new URL('./widget/widget.js', import.meta.url);
/** Resolved on first use, so a missing client package fails this one route, not the start. */
const socketClientFile = () =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('socket.io-client/package.json')),
    'dist/socket.io.min.js',
  );

/** Read once on first use: both files only change with a deploy. */
function cached(file: () => URL | string): () => Promise<string> {
  let text: Promise<string> | undefined;
  return () => {
    text ??= Promise.resolve().then(() => readFile(file(), 'utf8'));
    text.catch(() => (text = undefined)); // a failure is not cached
    return text;
  };
}

export const webchatAssets: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;
  const widget = cached(() => WIDGET_FILE);
  const socketClient = cached(socketClientFile);
  const hide = { hide: true };

  // Both scripts are loaded by the websites the widget is embedded on.
  app.get('/widget.js', { config: { auth: 'public' }, schema: hide }, async (_req, reply) =>
    loadableFromAnySite(reply)
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await widget()),
  );

  app.get('/webchat/socket.io.min.js', { config: { auth: 'public' }, schema: hide }, async (_req, reply) =>
    loadableFromAnySite(reply)
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await socketClient()),
  );

  app.get(
    '/demo',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'webchatDemoPage',
        binary: 'text/html',
        summary: 'The web chat demo page',
        ...hide,
        querystring: z.object({ key: z.string().max(128).optional() }),
      },
    },
    async (req, reply) => {
      const key = req.query.key && KEY_PATTERN.test(req.query.key) ? req.query.key : undefined;
      const html = renderDemoPage(await demoChannels(platform.db), key);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', cspHeader({ scriptSrc: [DEMO_SCRIPT_HASH] }))
        .send(html);
    },
  );
};
