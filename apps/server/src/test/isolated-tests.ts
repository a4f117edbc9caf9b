/**
 * The server's test files that keep a process of their own (vitest.config.ts, project
 * `server-isolated`): they replace a module (`vi.mock`) or stub a global for the whole process.
 * Every other server test file shares its worker's modules with the files before it (project
 * `server-shared`, `isolate: false`). isolated-tests.test.ts checks that this list is complete.
 */
export const ISOLATED_TESTS = ['apps/server/src/modules/messages/messages-rare-codes.test.ts'];

/** What makes a file need its own process: a module or a global replaced for the whole process. */
export const NEEDS_ISOLATION = /\bvi\.(mock|doMock|unmock|doUnmock|stubGlobal|stubEnv|resetModules)\(/;
