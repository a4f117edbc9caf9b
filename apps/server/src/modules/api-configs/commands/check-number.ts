import type { Platform } from '../../../platform/platform.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { channelAdapters, type ChannelType } from '../../channels/channel-registry.js';
import { getChannel } from '../../channels/channels.queries.js';

/**
 * Asks the configuration's channel whether the number has an account there (WhatsApp: onWhatsApp).
 * `required`: a channel without a check answers ERR_CHANNEL_NOT_SUPPORTED; otherwise (contact
 * creation) it is skipped. No account: ERR_CONTACTS_NOT_EXISTS_WHATSAPP; the provider could not be
 * asked: ERR_WAPP_CHECK_CONTACT.
 */
export async function checkNumber(
  platform: Platform,
  scope: TenantScope,
  channelId: number,
  number: string,
  required: boolean,
): Promise<{ id: string } | null> {
  const channel = await getChannel(scope, channelId);
  const adapter = channelAdapters[channel.type as ChannelType];
  if (!adapter?.checkNumber) {
    if (required) throw new AppError('ERR_CHANNEL_NOT_SUPPORTED');
    return null;
  }
  let found: { id: string } | null;
  try {
    found = await adapter.checkNumber(platform, channel, number);
  } catch {
    throw new AppError('ERR_WAPP_CHECK_CONTACT');
  }
  if (!found) throw new AppError('ERR_CONTACTS_NOT_EXISTS_WHATSAPP');
  return found;
}
