import { defineConfig } from 'vitest/config';

// The fault tests (issue 12): real servers as child processes on PostgreSQL + Redis, killed,
// cut off from their database, run side by side. `npm run test:faults`; CI's second pass only.
export default defineConfig({
  test: {
    include: ['faults/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One file at a time: each starts servers of its own, and the machine has two cores.
    fileParallelism: false,
  },
});
