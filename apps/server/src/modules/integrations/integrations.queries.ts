import { asc, eq } from 'drizzle-orm';
import { integrations } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { open } from '../../platform/security/secret-box.js';
import type { IntegrationConfig } from './drivers/driver.js';

export type IntegrationRow = typeof integrations.$inferSelect;

export function listIntegrations(scope: TenantScope) {
  return scope.select(integrations).orderBy(asc(integrations.name));
}

export async function getIntegration(scope: TenantScope, id: number): Promise<IntegrationRow> {
  const row = await scope.first(integrations, eq(integrations.id, id));
  if (!row) throw new AppError('ERR_NO_INTEGRATION_FOUND');
  return row;
}

/** Throws ERR_NO_INTEGRATION_FOUND unless `id` (when given) is an integration of this tenant. */
export async function assertIntegrationOfTenant(scope: TenantScope, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  await getIntegration(scope, id);
}

/** The settings the screen and the driver both read, as stored (keys apart). */
export function settingsOf(row: IntegrationRow) {
  const { id, name, type, url, model, prompt, transferQueueId, typebotSlug, expiresMinutes, delayMs } = row;
  const { finishKeyword, restartKeyword, unknownMessage, maxTokens, maxMessages, temperature, responseFormat } = row;
  return {
    ...{ id, name, type, url, model, prompt, transferQueueId, typebotSlug, expiresMinutes, delayMs },
    ...{ finishKeyword, restartKeyword, unknownMessage, maxTokens, maxMessages, temperature, responseFormat },
  };
}

/** The integration as its driver sees it: keys opened with the server's encryption secret. */
export function configOf(row: IntegrationRow, encryptionSecret: string): IntegrationConfig {
  return {
    ...settingsOf(row),
    apiKey: row.apiKeySealed ? open(row.apiKeySealed, encryptionSecret) : null,
    voiceKey: row.voiceKeySealed ? open(row.voiceKeySealed, encryptionSecret) : null,
    signingSecret: row.signingSecret,
  };
}
