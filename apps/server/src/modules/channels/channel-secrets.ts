/**
 * Keys and secrets of a channel: generated ones (web chat widget key, webhook path key, Telegram's
 * webhook secret, Meta verify token, outbound webhook secret) and the update rule that an empty or
 * masked secret keeps the stored one (the browser only ever sees them masked).
 */
import {
  channelConfigInput,
  isMetaChannelType,
  isWebhookChannelType,
  keepsStoredSecret,
  needsChannelToken,
  V,
  type ChannelInput,
} from '@prosa/contracts';
import type { ChannelRow } from './channel-adapter.js';
import { AppError } from '../../platform/http/app-error.js';
import { newSecret } from '../../platform/security/tokens.js';

/** 18 random bytes = 24 base64url characters: unguessable, and fits a URL path or a widget attribute. */
const newKey = () => newSecret(18);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

type Stored = Pick<ChannelRow, 'token' | 'config' | 'webhookKey' | 'webhookSecret' | 'transcriptionKey' | 'chatFlowId'>;

/** The columns of a channel from its input, with the secrets resolved against what is stored. */
export function channelColumns(input: ChannelInput, stored?: Stored) {
  const keep = (typed: string, old: string | undefined) => (stored && keepsStoredSecret(typed) ? (old ?? '') : typed);
  const oldConfig = stored?.config ?? {};
  const config: Record<string, unknown> = { ...keptConfig(input.type, oldConfig), ...input.config };
  if (isMetaChannelType(input.type)) {
    config.appSecret = keep(str(config.appSecret), str(oldConfig.appSecret));
    config.verifyToken = str(config.verifyToken) || str(oldConfig.verifyToken) || newKey();
  }
  if (input.type === 'telegram') config.webhookSecret = str(oldConfig.webhookSecret) || newSecret(24);

  let token = '';
  if (needsChannelToken(input.type)) token = keep(input.token, stored?.token);
  else if (input.type === 'webchat') token = stored?.token || newKey();

  let webhookSecret = '';
  if (input.webhookUrl) webhookSecret = keep(input.webhookSecret, stored?.webhookSecret) || newSecret(24);

  // An update still needs what SPEC §5 requires: a kept secret must exist.
  if (needsChannelToken(input.type) && !token) throw new AppError('ERR_VALIDATION', { token: V.required });
  if (isMetaChannelType(input.type) && !config.appSecret) {
    throw new AppError('ERR_VALIDATION', { 'config.appSecret': V.required });
  }

  return {
    name: input.name,
    type: input.type,
    token,
    config,
    webhookKey: isWebhookChannelType(input.type) ? stored?.webhookKey || newKey() : '',
    isDefault: input.isDefault,
    defaultQueueId: input.defaultQueueId,
    defaultUserId: input.defaultUserId,
    // Left out of the body: the stored flow stays (forms that do not show it cannot clear it).
    chatFlowId: input.chatFlowId === undefined ? (stored?.chatFlowId ?? null) : input.chatFlowId,
    greetingMessage: input.greetingMessage,
    farewellMessage: input.farewellMessage,
    ratingEnabled: input.ratingEnabled,
    ratingMessage: input.ratingMessage,
    ratingWaitMinutes: input.ratingWaitMinutes,
    ratingThanksMessage: input.ratingThanksMessage,
    ratingInvalidMessage: input.ratingInvalidMessage,
    autoCloseTime: input.autoCloseTime,
    webhookUrl: input.webhookUrl,
    webhookSecret,
    proxy: input.proxy,
    transcriptionKey: keep(input.transcriptionKey, stored?.transcriptionKey),
    importOptions: input.importOptions,
  };
}

/**
 * The stored config keys the channel form does not own (the demo channel's `demo` flag, keys other
 * screens or the seed write): an update keeps them. The form's own keys are its type's schema; an
 * optional one the admin cleared is absent from the input and must stay cleared, so it is dropped.
 */
function keptConfig(type: ChannelInput['type'], stored: Record<string, unknown>): Record<string, unknown> {
  const owned = new Set(Object.keys(channelConfigInput(type, 'update').shape));
  return Object.fromEntries(Object.entries(stored).filter(([key]) => !owned.has(key)));
}

/** Whether the provider connection must be redone after an update (new credentials). */
export function credentialsChanged(before: ChannelRow, after: ChannelRow): boolean {
  return before.token !== after.token || JSON.stringify(before.config) !== JSON.stringify(after.config) || before.proxy !== after.proxy;
}
