/**
 * The server's test files share worker processes (vitest.config.ts): a file that replaces a module
 * or a global for its process must be listed to keep a process of its own, or it would change the
 * modules of every file after it in the worker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { ISOLATED_TESTS, NEEDS_ISOLATION } from './isolated-tests.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const src = path.join(root, 'apps/server/src');

it('every server test file that mocks a module or stubs a global runs isolated, and only those', () => {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.relative(root, path.join(src, f)).split(path.sep).join('/'));
  expect(files.length).toBeGreaterThan(100);
  const needing = files.filter((f) => NEEDS_ISOLATION.test(readFileSync(path.join(root, f), 'utf8'))).sort();
  expect(needing).toEqual([...ISOLATED_TESTS].sort());
});
