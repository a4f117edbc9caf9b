/** Integration configs and turn contexts for driver tests (no database: a driver and its stand-in). */
import type { IntegrationConfig, IntegrationType, TurnContext } from './driver.js';

export function testConfig(type: IntegrationType, over: Partial<IntegrationConfig> = {}): IntegrationConfig {
  return {
    id: 1,
    type,
    name: `${type} test`,
    url: 'http://127.0.0.1:9',
    model: null,
    prompt: null,
    apiKey: null,
    transferQueueId: 7,
    typebotSlug: null,
    expiresMinutes: 0,
    delayMs: 0,
    finishKeyword: null,
    restartKeyword: null,
    unknownMessage: null,
    maxTokens: 500,
    maxMessages: 10,
    temperature: 1,
    responseFormat: 'text',
    voiceKey: null,
    ...over,
  };
}

export function testContext(body: string, over: Partial<TurnContext> = {}): TurnContext {
  return {
    tenantId: 2,
    ticket: { id: 41, protocol: '20261127-0041', queueId: 3, channelId: 5 },
    contact: { name: 'Ana', number: '5511999990001', email: 'ana@example.com', extraInfo: { plan: 'gold' } },
    message: { id: 900, body, mediaType: null, mediaUrl: null },
    history: [],
    state: null,
    first: over.state === undefined || over.state === null,
    now: new Date('2026-11-27T12:00:00Z'),
    allowPrivate: true,
    signal: new AbortController().signal,
    ...over,
  };
}
