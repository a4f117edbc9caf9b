import { INTEGRATION_FIELDS, type IntegrationField, type IntegrationInput } from '@prosa/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { integrations } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { lastFour, seal } from '../../../platform/security/secret-box.js';
import { newSecret } from '../../../platform/security/tokens.js';
import { assertQueuesExist } from '../../queues/queues.queries.js';
import { emitIntegrationChange } from '../integrations.events.js';
import { requirePlanFeature } from '../../tenants/plan-features.js';
import { getIntegration } from '../integrations.queries.js';

async function assertNameFree(scope: TenantScope, name: string, exceptId?: number) {
  const clash = await scope.first(integrations, and(eq(integrations.name, name), exceptId ? ne(integrations.id, exceptId) : undefined));
  if (clash) throw new AppError('ERR_INTEGRATION_EXISTS');
}

/** The columns of `input`, only the fields its type has (the others cleared); keys sealed. */
function columnsOf(input: IntegrationInput, encryptionSecret: string) {
  const has = (f: IntegrationField) => INTEGRATION_FIELDS[input.type].includes(f);
  const text = (f: IntegrationField & keyof IntegrationInput) => (has(f) ? (input[f] as string | null) : null);
  const cols = {
    name: input.name,
    type: input.type,
    url: has('url') ? input.url : '',
    model: text('model'),
    prompt: text('prompt'),
    transferQueueId: has('transferQueueId') ? input.transferQueueId : null,
    typebotSlug: text('typebotSlug'),
    expiresMinutes: has('expiresMinutes') ? input.expiresMinutes : 0,
    delayMs: has('delayMs') ? input.delayMs : 0,
    finishKeyword: text('finishKeyword'),
    restartKeyword: text('restartKeyword'),
    unknownMessage: text('unknownMessage'),
    maxTokens: input.maxTokens,
    maxMessages: input.maxMessages,
    temperature: input.temperature,
    responseFormat: input.responseFormat,
  };
  // A key left empty keeps the stored one; a type without the field drops it.
  const keys: Partial<typeof integrations.$inferInsert> = {};
  if (!has('apiKey')) Object.assign(keys, { apiKeySealed: null, apiKeyLast4: null });
  else if (input.apiKey) Object.assign(keys, { apiKeySealed: seal(input.apiKey, encryptionSecret), apiKeyLast4: lastFour(input.apiKey) });
  if (!has('voiceKey')) Object.assign(keys, { voiceKeySealed: null, voiceKeyLast4: null });
  else if (input.voiceKey) Object.assign(keys, { voiceKeySealed: seal(input.voiceKey, encryptionSecret), voiceKeyLast4: lastFour(input.voiceKey) });
  return { ...cols, ...keys };
}

export async function createIntegration(scope: TenantScope, input: IntegrationInput, encryptionSecret: string) {
  await requirePlanFeature(scope, 'integrations');
  await assertNameFree(scope, input.name);
  await assertQueuesExist(scope, input.transferQueueId ? [input.transferQueueId] : []);
  try {
    const row = await scope.insert(integrations, { ...columnsOf(input, encryptionSecret), signingSecret: newSecret(32) });
    emitIntegrationChange(scope, 'create', row);
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('ERR_INTEGRATION_EXISTS');
    throw e;
  }
}

export async function updateIntegration(scope: TenantScope, id: number, input: IntegrationInput, encryptionSecret: string) {
  await getIntegration(scope, id);
  await assertNameFree(scope, input.name, id);
  await assertQueuesExist(scope, input.transferQueueId ? [input.transferQueueId] : []);
  try {
    const [row] = await scope.update(integrations, { ...columnsOf(input, encryptionSecret), updatedAt: new Date() }, eq(integrations.id, id));
    emitIntegrationChange(scope, 'update', row!);
    return row!;
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('ERR_INTEGRATION_EXISTS');
    throw e;
  }
}
