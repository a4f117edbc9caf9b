import { sql } from 'drizzle-orm';
import { plans } from '../platform/db/schema.js';
import type { DbExecutor } from '../platform/db/client.js';

export const STARTER_PLANS = [
  { name: 'Básico', maxUsers: 5, maxConnections: 2, value: 99.9, isPublic: true, group: false, campaign: false, integrations: false },
  { name: 'Profissional', maxUsers: 15, maxConnections: 5, value: 199.9, isPublic: true, group: true, campaign: true, integrations: true },
  { name: 'Empresarial', maxUsers: 50, maxConnections: 15, value: 499.9, isPublic: true, group: true, campaign: true, integrations: true },
];

/** The plans a fresh platform starts with, so sign-up works out of the box. */
export async function ensureStarterPlans(db: DbExecutor): Promise<void> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(plans);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(plans).values(STARTER_PLANS).onConflictDoNothing();
}
