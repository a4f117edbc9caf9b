/**
 * The settings of a Messenger or Instagram channel (`channels.config`, contracts channel-config.ts)
 * and what identifies it in Meta's payloads. `channels.token` is the page access token; Instagram
 * accounts are reached through the Facebook page they are linked to.
 */
import { ZInstagramConfig, ZMessengerConfig } from '@prosa/contracts';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import type { MetaAccount } from './meta.parse.js';

export type MetaChannelType = 'messenger' | 'instagram';

export interface MetaConfig {
  type: MetaChannelType;
  pageId: string;
  pageName?: string;
  appSecret: string;
  verifyToken: string;
  igUserId?: string;
  igUsername?: string;
}

export const isMetaType = (type: string): type is MetaChannelType => type === 'messenger' || type === 'instagram';

/** The channel's provider settings; null when it is not a Meta channel or was saved without them. */
export function metaConfigOf(channel: ChannelRow): MetaConfig | null {
  if (channel.type === 'messenger') {
    const parsed = ZMessengerConfig.safeParse(channel.config);
    return parsed.success ? { type: 'messenger', ...parsed.data } : null;
  }
  if (channel.type === 'instagram') {
    const parsed = ZInstagramConfig.safeParse(channel.config);
    return parsed.success ? { type: 'instagram', ...parsed.data } : null;
  }
  return null;
}

/**
 * Messenger payloads are `object: "page"` with the page id in each entry; Instagram ones are
 * `object: "instagram"` with the Instagram account id (some deliveries name the page instead).
 */
export function accountOf(config: MetaConfig): MetaAccount {
  if (config.type === 'messenger') return { object: 'page', ids: [config.pageId] };
  return { object: 'instagram', ids: [config.igUserId!, config.pageId] };
}
