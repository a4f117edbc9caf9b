/**
 * Keys and secrets of a channel: generated ones (web chat widget key, webhook path key, Telegram's
 * webhook secret, Meta verify token, outbound webhook secret) and the update rule that an empty or
 * masked secret keeps the stored one (the browser only ever sees them masked).
 */
import { isMetaChannelType, isWebhookChannelType, keepsStoredSecret, needsChannelToken, V, type ChannelInput } from '@prosa/contracts';
import type { ChannelRow } from '../../channels/types.js';
import { AppError } from '../../platform/http/app-error.js';
import { newSecret } from '../../platform/security/tokens.js';

/** 18 random bytes = 24 base64url characters: unguessable, and fits a URL path or a widget attribute. */
const newKey = () => newSecret(18);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

type Stored = Pick<ChannelRow, 'token' | 'config' | 'webhookKey' | 'webhookSecret' | 'transcriptionKey'>;

/** The columns of a channel from its input, with the secrets resolved against what is stored. */
export function channelColumns(input: ChannelInput, stored?: Stored) {
  const keep = (typed: string, old: string | undefined) => (stored && keepsStoredSecret(typed) ? (old ?? '') : typed);
  const oldConfig = stored?.config ?? {};
  const config: Record<string, unknown> = { ...input.config };
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

/** Whether the provider connection must be redone after an update (new credentials). */
export function credentialsChanged(before: ChannelRow, after: ChannelRow): boolean {
  return before.token !== after.token || JSON.stringify(before.config) !== JSON.stringify(after.config) || before.proxy !== after.proxy;
}
