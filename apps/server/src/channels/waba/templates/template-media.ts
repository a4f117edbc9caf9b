/**
 * A campaign's file sent as a template's media header: uploaded once per channel and file, and
 * its media id used for the campaign's next sends (Meta keeps an uploaded media 30 days; ids are
 * kept here a day at most). Without this a 10,000-contact campaign would upload its file 10,000
 * times. A process-local memory: another instance or a restart uploads once more, which is only
 * slower.
 */
import type { WabaConfig } from '@prosa/contracts';
import type { ChannelRow } from '../../../modules/channels/channel-adapter.js';
import type { Platform } from '../../../platform/platform.js';
import { uploadMedia } from '../waba.media.js';

const TTL_MS = 24 * 3_600_000;
const MAX_ENTRIES = 200;
const uploaded = new Map<string, { id: string; at: number }>();

export async function templateMediaId(
  platform: Platform,
  channel: ChannelRow,
  config: WabaConfig,
  key: string,
  file: { path: string; mimeType: string; fileName: string },
): Promise<string> {
  // The token is part of the key: a channel given a new token (another business) uploads again.
  const cacheKey = `${channel.id}\u0000${config.phoneNumberId}\u0000${channel.token ?? ''}\u0000${key}`;
  const hit = uploaded.get(cacheKey);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.id;
  const id = await uploadMedia(platform, channel, config, file);
  if (uploaded.size >= MAX_ENTRIES) uploaded.delete(uploaded.keys().next().value!);
  uploaded.set(cacheKey, { id, at: Date.now() });
  return id;
}
