import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { ISOLATED_TESTS } from './apps/server/src/test/isolated-tests.js';

// Unit and route tests of every workspace but the browser journeys (e2e/ has its own config).
const SERVER = 'apps/server/src/**/*.test.ts';
// The files that mock a module keep a process of their own (apps/server/src/test/isolated-tests.ts);
// every other server file shares its worker's modules with the files before it (`isolate: false`),
// so module-level state must not leak from one app to the next: hooks are registered idempotently,
// caches are keyed by the database (a WeakMap on `platform.db`), and a setup file puts back what a
// file changed of the process for itself.
const common = { testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' } as const;

export default defineConfig({
  test: {
    ...common,
    // Two files at once even on 2 cores (Vitest's default there is one): a route-test file waits on
    // its database and its HTTP calls for much of its time, so one worker left a core idle and two
    // cut the run by about a third (README "Tests").
    maxWorkers: Number(process.env.TEST_WORKERS ?? Math.max(2, availableParallelism() - 1)),
    // The migrated database every route-test harness starts from, made once per run (the root
    // project's global setup always runs; the projects below do not repeat it).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    projects: [
      // Each file would otherwise import the server's ~400 modules again in a fresh process (~9 s a file).
      {
        test: {
          ...common,
          name: 'server-shared',
          include: [SERVER],
          exclude: ISOLATED_TESTS,
          isolate: false,
          // Puts back what a file changed of the process for itself (channel adapters, process.env).
          setupFiles: ['apps/server/src/test/shared-setup.ts'],
        },
      },
      { test: { ...common, name: 'server-isolated', include: ISOLATED_TESTS } },
      { test: { ...common, name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      { test: { ...common, name: 'contracts', include: ['packages/*/src/**/*.test.ts'] } },
    ],
  },
});
