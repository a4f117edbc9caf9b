/**
 * The Graph API client of the WhatsApp Cloud API channel: the generic client lives in
 * channels/shared/graph-api.ts (shared with Messenger and Instagram); this file adds the channel's
 * settings.
 */
import { ZWabaConfig, type WabaConfig } from '@prosa/contracts';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';

export {
  GRAPH_TIMEOUT_MS,
  MEDIA_TIMEOUT_MS,
  GraphError,
  graphBase,
  graphBytes,
  graphJson,
  graphUrl,
  isGraphOrigin,
  type GraphAuth,
} from '../shared/graph-api.js';

/** The channel's provider settings; a channel saved without them cannot talk to the Graph API. */
export function wabaConfigOf(channel: ChannelRow): WabaConfig | null {
  const parsed = ZWabaConfig.safeParse(channel.config);
  return parsed.success ? parsed.data : null;
}
