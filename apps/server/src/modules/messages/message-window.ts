import type { ZWindow } from '@prosa/contracts';
import type { z } from 'zod';
import { channelAdapters, type ChannelType } from '../channels/channel-registry.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { loadTicketAccess } from './messages.policy.js';

/**
 * SPEC §5, official API: free-form messages only within the channel's window (capabilities.windowHours)
 * after the customer's last message. Channels without a window are always open.
 */
export async function messageWindow(
  scope: TenantScope,
  auth: AuthContext,
  ticketId: number,
  now = new Date(),
): Promise<z.infer<typeof ZWindow>> {
  const { base } = await loadTicketAccess(scope, auth, ticketId);
  const type = base.channel?.type ?? null;
  const hours = type ? channelAdapters[type as ChannelType]?.capabilities.windowHours : undefined;
  if (!hours) return { open: true, expiresAt: null, channelType: type };
  const last = base.row.lastInboundAt;
  const expires = last ? new Date(last.getTime() + hours * 3_600_000) : null;
  return { open: expires !== null && expires > now, expiresAt: expires?.toISOString() ?? null, channelType: type };
}
