import type { Integration } from '@prosa/contracts';
import { settingsOf, type IntegrationRow } from './integrations.queries.js';

/** Keys never leave the server: their last 4 characters only. */
export function presentIntegration(row: IntegrationRow): Integration {
  return {
    ...settingsOf(row),
    apiKeyLast4: row.apiKeyLast4,
    voiceKeyLast4: row.voiceKeyLast4,
    signingSecret: row.type === 'n8n' ? row.signingSecret : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
