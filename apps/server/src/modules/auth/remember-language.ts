import type { Language } from '@prosa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';

/**
 * Keeps the language the web app showed at sign-in as the user's, unless the user already chose
 * one: mails (password recovery) go in it. One statement, so a choice saved meanwhile wins.
 */
export async function rememberLanguage(scope: TenantScope, userId: number, language: Language): Promise<void> {
  await scope.update(
    users,
    { configs: sql`coalesce(${users.configs}, '{}'::jsonb) || jsonb_build_object('language', ${language}::text)` as never },
    and(eq(users.id, userId), sql`${users.configs}->>'language' is null`)!,
  );
}
