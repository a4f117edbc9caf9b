/**
 * The chatbot's hooks are registered at each app's boot (modules/index.ts). A second app in the
 * same process (two instances, the test files sharing a worker) must not register them again.
 */
import { expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { setJobs } from '../../platform/jobs/enqueue.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { runAfterToBot } from '../tickets/after-to-bot.js';
import { registerChatbot } from './chatbot.hook.js';

it('a ticket handed to a flow enqueues one step, however many apps booted in the process', async () => {
  const database = {} as Database;
  setJobs(database, {} as Jobs);
  const afterCommit: unknown[] = [];
  const scope = { database, tenantId: 1, afterCommit: (fn: unknown) => void afterCommit.push(fn) } as unknown as TenantScope;
  registerChatbot();
  registerChatbot();
  await runAfterToBot(scope, 7);
  expect(afterCommit).toHaveLength(1);
});
