/**
 * Setup of the server's test files that share a worker process (vitest.config.ts, project
 * `server-shared`, `isolate: false`): it runs before each file, in the file's process. What a test
 * file changes of the process for itself is put back after it, so the next file starts as it would
 * in a fresh process:
 * - the channel adapters: many files register a stand-in adapter at module level
 *   (`registerChannelAdapter(fake.adapter)`) for the whole file;
 * - process.env: some switches are set for a file (CAMPAIGN_DELAY_OFF).
 */
import { afterAll } from 'vitest';
import '../channels/index.js'; // the real adapters register themselves on import
import { channelAdapters } from '../modules/channels/channel-registry.js';

const adapters = { ...channelAdapters };
const env = { ...process.env };

afterAll(() => {
  for (const type of Object.keys(channelAdapters) as (keyof typeof channelAdapters)[]) {
    if (!(type in adapters)) delete channelAdapters[type];
  }
  Object.assign(channelAdapters, adapters);
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
});
