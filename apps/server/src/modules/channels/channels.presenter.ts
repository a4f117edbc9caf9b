import {
  isMetaChannelType,
  isWebhookChannelType,
  maskSecret,
  ZImportOptions,
  type Channel,
  type UserChannel,
} from '@prosa/contracts';
import type { ChannelRow } from './channel-adapter.js';

/** Secrets kept in `config` per type; masked like the other secrets of the row. */
const CONFIG_SECRETS = ['appSecret', 'webhookSecret'];

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The public base of webhook and widget URLs: PUBLIC_URL, else the origin the admin called. */
export function publicBase(configured: string | undefined, requestOrigin: string): string {
  return (configured || requestOrigin).replace(/\/+$/, '');
}

/**
 * A channel for its company's admins: never a secret in full (SPEC-free rule of the house: the
 * browser cannot leak what it never gets). The web chat key is public: it is in every embed code.
 */
export function presentChannel(row: ChannelRow, base: string): Channel {
  const config = Object.fromEntries(
    Object.entries(row.config ?? {}).map(([k, v]) => [k, CONFIG_SECRETS.includes(k) ? maskSecret(str(v)) : v]),
  );
  const imports = ZImportOptions.safeParse(row.importOptions ?? {});
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    number: row.number,
    qrcode: row.qrcode,
    retries: row.retries,
    isDefault: row.isDefault,
    token: row.type === 'webchat' ? row.token : maskSecret(row.token),
    config,
    defaultQueueId: row.defaultQueueId,
    defaultUserId: row.defaultUserId,
    chatFlowId: row.chatFlowId,
    greetingMessage: row.greetingMessage,
    farewellMessage: row.farewellMessage,
    ratingEnabled: row.ratingEnabled,
    ratingMessage: row.ratingMessage,
    ratingWaitMinutes: row.ratingWaitMinutes,
    ratingThanksMessage: row.ratingThanksMessage,
    ratingInvalidMessage: row.ratingInvalidMessage,
    autoCloseTime: row.autoCloseTime,
    webhookUrl: row.webhookUrl,
    webhookSecret: maskSecret(row.webhookSecret),
    proxy: row.proxy,
    transcriptionKey: maskSecret(row.transcriptionKey),
    importOptions: imports.success ? imports.data : { enabled: false, from: '', to: '' },
    webhook:
      isWebhookChannelType(row.type) && row.webhookKey
        ? {
            url: `${base}/webhooks/${row.type}/${row.webhookKey}`,
            verifyToken: isMetaChannelType(row.type) ? str(row.config?.verifyToken) : null,
          }
        : null,
    widget: row.type === 'webchat' && row.token ? { scriptUrl: `${base}/widget.js`, key: row.token } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentUserChannel(row: Pick<ChannelRow, 'id' | 'name' | 'type' | 'status'>): UserChannel {
  return { id: row.id, name: row.name, type: row.type, status: row.status };
}
