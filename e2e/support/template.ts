import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { adminQuery, startServer } from './server';

/**
 * Global setup of the journeys: the run's first start, once. A real server starts on an empty data
 * folder (and an empty PostgreSQL database with DATABASE_URL), migrates, creates the platform
 * operator and seeds the demo companies, and is stopped cleanly; every journey's server then starts
 * from a copy of it (`ServerTemplate` in server.ts), as a restarted server does.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer({ firstStart: true, keepBusinessHours: true, keepData: true });
  await server.stop();
  const template = { dataDir: server.dataDir, database: server.databaseName };
  const removeTemplate = async () => {
    rmSync(template.dataDir, { recursive: true, force: true });
    if (template.database)
      await adminQuery(`drop database if exists ${template.database} with (force)`).catch(() => undefined);
  };
  // A copy of a server killed mid-write would not be a clean start: only a clean exit makes a template.
  if (server.exitCode() !== 0) {
    await removeTemplate();
    throw new Error(`the template server did not exit cleanly (${server.exitCode()}):\n${server.log()}`);
  }
  project.provide('serverTemplate', template);
  return removeTemplate;
}
