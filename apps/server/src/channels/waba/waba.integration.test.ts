/**
 * The WhatsApp Cloud API channel through the real pipeline against the stand-in: webhooks ->
 * inbound_events -> channels.process-inbound -> ingestInbound, and replies through the outbox.
 * One app and one stand-in for every suite: on PostgreSQL, test processes share the job queue, and
 * a job of this file must not be run by another file's app configured with another stand-in.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { callsSuite } from './waba.calls.suite.js';
import { outboundSuite } from './waba.outbound.suite.js';
import { templatesSuite } from './waba.templates.suite.js';
import { startWabaEnv, type WabaEnv } from '../testing/waba.test-support.js';
import { webhookSuite } from './waba.webhook.suite.js';

let env: WabaEnv;
beforeAll(async () => {
  env = await startWabaEnv({ templatePageSize: 2 });
});
afterAll(() => env.close());

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
describe(`waba webhooks and inbound (${engine})`, () => webhookSuite(() => env));
describe(`waba outbound (${engine})`, () => outboundSuite(() => env));
describe(`waba templates (${engine})`, () => templatesSuite(() => env));
describe(`waba calls (${engine})`, () => callsSuite(() => env));
