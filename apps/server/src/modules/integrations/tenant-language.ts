import { LANGUAGES, type Language } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { getOwnTenant } from '../tenants/tenants.queries.js';

/** The company's language for what Prosa says to its customers: its responsible user's, else pt (SPEC §1 fallback). */
export async function tenantLanguage(scope: TenantScope): Promise<Language> {
  const tenant = await getOwnTenant(scope);
  if (tenant.responsibleUserId === null) return 'pt';
  const user = await scope.first(users, eq(users.id, tenant.responsibleUserId));
  const lang = (user?.configs as { language?: unknown } | null)?.language;
  return (LANGUAGES as readonly unknown[]).includes(lang) ? (lang as Language) : 'pt';
}
