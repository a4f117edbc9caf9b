import { LANGUAGES, type Language } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';

const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);

/**
 * The language of a file a user downloads: the one chosen in its settings, else the browser's
 * (`Accept-Language`, first known one), else pt (SPEC §1 fallback).
 */
export async function userLanguage(scope: TenantScope, userId: number, acceptLanguage?: string): Promise<Language> {
  const user = await scope.first(users, eq(users.id, userId));
  const chosen = user?.configs.language;
  if (isLanguage(chosen)) return chosen;
  const asked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase())
    .find(isLanguage);
  return asked ?? 'pt';
}
