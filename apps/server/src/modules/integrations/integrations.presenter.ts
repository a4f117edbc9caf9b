import type { Integration } from '@prosa/contracts';
import type { IntegrationRow } from './integrations.queries.js';

/** Keys never leave the server: their last 4 characters only. */
export function presentIntegration(row: IntegrationRow): Integration {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    url: row.url,
    model: row.model,
    prompt: row.prompt,
    apiKeyLast4: row.apiKeyLast4,
    transferQueueId: row.transferQueueId,
    typebotSlug: row.typebotSlug,
    expiresMinutes: row.expiresMinutes,
    delayMs: row.delayMs,
    finishKeyword: row.finishKeyword,
    restartKeyword: row.restartKeyword,
    unknownMessage: row.unknownMessage,
    maxTokens: row.maxTokens,
    maxMessages: row.maxMessages,
    temperature: row.temperature,
    responseFormat: row.responseFormat,
    voiceKeyLast4: row.voiceKeyLast4,
    signingSecret: row.type === 'n8n' ? row.signingSecret : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
