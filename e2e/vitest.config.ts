import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Browser journeys: each file starts the real server (and a mail catcher when it needs one) on a
 * free port with its own data folder or database, and drives its own Chromium through the built
 * web app. Two files run side by side (E2E_WORKERS, default 2): a journey spends most of its time
 * waiting on the browser and the server, so two overlap well on a 2-core machine.
 */
export default defineConfig({
  root,
  test: {
    include: ['e2e/**/*.e2e.ts'],
    // The run's first start, once; every journey's server starts from a copy (support/template.ts).
    globalSetup: ['e2e/support/template.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    pool: 'forks',
    // expect.poll waits 1 s by default: too short for a save on a machine busy with two journeys
    // and their servers (CI saw a group's title arrive after it). A poll still ends at its match.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    reporters: ['default'],
  },
});
