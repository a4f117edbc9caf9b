import {
  RATING_WAIT_DEFAULT_MINUTES,
  type ChannelAutoCloseTime,
  ZChannelCreate,
  ZChannelUpdate,
  type Channel,
  type ChannelInput,
  type ChannelType,
} from '@prosa/contracts';

/** What the channel form edits; the contracts schema (create or update) validates it as is. */
export interface ChannelFormValues {
  name: string;
  type: ChannelType;
  token: string;
  config: Record<string, string>;
  isDefault: boolean;
  defaultQueueId: number | null;
  defaultUserId: number | null;
  greetingMessage: string;
  farewellMessage: string;
  ratingEnabled: boolean;
  ratingMessage: string;
  ratingWaitMinutes: number;
  ratingThanksMessage: string;
  ratingInvalidMessage: string;
  autoCloseTime: ChannelAutoCloseTime;
  webhookUrl: string;
  webhookSecret: string;
  proxy: string;
  transcriptionKey: string;
  importOptions: { enabled: boolean; from: string; to: string };
}
export type ChannelPayload = ChannelInput;

/** Top-level fields, for mapping the server's field errors onto inputs. */
export const CHANNEL_FIELDS = [
  'name',
  'type',
  'token',
  'config',
  'isDefault',
  'defaultQueueId',
  'defaultUserId',
  'greetingMessage',
  'farewellMessage',
  'ratingEnabled',
  'ratingMessage',
  'ratingWaitMinutes',
  'ratingThanksMessage',
  'ratingInvalidMessage',
  'autoCloseTime',
  'webhookUrl',
  'webhookSecret',
  'proxy',
  'transcriptionKey',
  'importOptions',
];
/** Which tab of the form holds a field, to point at the tab with an error. */
export const FIELD_TAB: Record<string, 'connection' | 'service' | 'integrations'> = {
  name: 'connection',
  type: 'connection',
  token: 'connection',
  config: 'connection',
  isDefault: 'connection',
  defaultQueueId: 'service',
  defaultUserId: 'service',
  greetingMessage: 'service',
  farewellMessage: 'service',
  ratingEnabled: 'service',
  ratingMessage: 'service',
  ratingWaitMinutes: 'service',
  ratingThanksMessage: 'service',
  ratingInvalidMessage: 'service',
  autoCloseTime: 'service',
  webhookUrl: 'integrations',
  webhookSecret: 'integrations',
  proxy: 'integrations',
  transcriptionKey: 'integrations',
  importOptions: 'integrations',
};

/** Config keys that hold secrets: shown masked by the server, typed anew or left blank to keep. */
const CONFIG_SECRETS = ['appSecret', 'webhookSecret'];

export const channelSchema = (editing: boolean) => (editing ? ZChannelUpdate : ZChannelCreate);

/**
 * The form's starting values. Editing starts with every secret blank (the server keeps the stored
 * one); the masked values are shown as hints next to the inputs.
 */
export function channelFormValues(channel: Channel | null, type: ChannelType = 'whatsapp'): ChannelFormValues {
  const config: Record<string, string> = {};
  for (const [k, v] of Object.entries(channel?.config ?? {})) {
    if (!CONFIG_SECRETS.includes(k) && typeof v === 'string') config[k] = v;
  }
  return {
    name: channel?.name ?? '',
    type: channel?.type ?? type,
    token: '',
    config,
    isDefault: channel?.isDefault ?? false,
    defaultQueueId: channel?.defaultQueueId ?? null,
    defaultUserId: channel?.defaultUserId ?? null,
    greetingMessage: channel?.greetingMessage ?? '',
    farewellMessage: channel?.farewellMessage ?? '',
    ratingEnabled: channel?.ratingEnabled ?? false,
    ratingMessage: channel?.ratingMessage ?? '',
    ratingWaitMinutes: channel?.ratingWaitMinutes ?? RATING_WAIT_DEFAULT_MINUTES,
    ratingThanksMessage: channel?.ratingThanksMessage ?? '',
    ratingInvalidMessage: channel?.ratingInvalidMessage ?? '',
    autoCloseTime: channel?.autoCloseTime ?? '',
    webhookUrl: channel?.webhookUrl ?? '',
    webhookSecret: '',
    proxy: channel?.proxy ?? '',
    transcriptionKey: '',
    importOptions: channel?.importOptions ?? { enabled: false, from: '', to: '' },
  };
}

/** A random secret for the outbound webhook, made in the browser so the admin can copy it first. */
export function randomSecret(bytes = 24): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
