import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Browser journeys: each file starts the real server (and a mail catcher when it needs one) and
 * drives Chromium through the built web app. Files run one after the other: each owns a server.
 */
export default defineConfig({
  root,
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    reporters: ['default'],
  },
});
