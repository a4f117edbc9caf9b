/**
 * The Messenger and Instagram channels through the real pipeline against the stand-in: webhooks ->
 * inbound_events -> channels.process-inbound -> ingestInbound, replies and comment answers through
 * the outbox, page selection and connect. One app and one stand-in for every suite: on PostgreSQL,
 * test processes share the job queue, and a job of this file must not be run by another file's app
 * configured with another stand-in.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { commentsSuite } from './meta.comments.suite.js';
import { outboundSuite } from './meta.outbound.suite.js';
import { pagesSuite } from './meta.pages.suite.js';
import { startMetaEnv, type MetaEnv } from '../testing/meta.test-support.js';
import { webhookSuite } from './meta.webhook.suite.js';

let env: MetaEnv;
beforeAll(async () => {
  env = await startMetaEnv();
});
afterAll(() => env.close());

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
for (const type of ['messenger', 'instagram'] as const) {
  describe(`${type} webhooks and inbound (${engine})`, () => webhookSuite(() => env, type));
  describe(`${type} outbound (${engine})`, () => outboundSuite(() => env, type));
  describe(`${type} comment replies (${engine})`, () => commentsSuite(() => env, type));
}
describe(`meta page selection and connect (${engine})`, () => pagesSuite(() => env));
