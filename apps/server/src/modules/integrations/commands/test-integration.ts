import type { IntegrationTestResult } from '@prosa/contracts';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { driverFor } from '../drivers/index.js';
import { configOf, getIntegration } from '../integrations.queries.js';

/** The screen's test button: one real call to the provider, at most this long. */
export const TEST_TIMEOUT_MS = 15_000;

export async function testIntegration(scope: TenantScope, id: number, encryptionSecret: string, allowPrivate: boolean): Promise<IntegrationTestResult> {
  const row = await getIntegration(scope, id);
  const driver = driverFor(row.type);
  if (!driver) return { ok: false, status: null, detail: `no driver for ${row.type}` };
  const cfg = configOf(row, encryptionSecret);
  try {
    const answer = await driver.test(cfg, AbortSignal.timeout(TEST_TIMEOUT_MS), { allowPrivate });
    return { ...answer, detail: answer.detail.slice(0, 2000) };
  } catch (err) {
    return { ok: false, status: null, detail: (err instanceof Error ? err.message : String(err)).slice(0, 2000) };
  }
}
