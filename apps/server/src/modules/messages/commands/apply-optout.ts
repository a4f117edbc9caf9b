/**
 * A person blocked the company or stopped its marketing messages (SPEC §9 spam/ban risk): their
 * contact gets "campaigns disabled" (campaigns skip it from now on, shown as skipped), and the
 * capabilities listening on the opt-out port hear of it (the campaign that last reached them counts
 * it). An unknown person changes nothing: there is nobody to disable. Applying it again changes
 * nothing more.
 */
import { eq } from 'drizzle-orm';
import type { ChannelRow, InboundEvent } from '../../channels/channel-adapter.js';
import { contacts } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { runOptOut } from '../after-status.js';
import { identityOf, identityWhere } from '../inbound-contact-ticket.js';

type OptOutEvent = Extract<InboundEvent, { kind: 'optout' }>;

export async function applyOptOut(scope: TenantScope, channel: ChannelRow, event: OptOutEvent): Promise<void> {
  const contact = await scope.first(contacts, identityWhere(identityOf(channel, event.from)));
  if (!contact) return;
  if (!contact.disableCampaign) await scope.update(contacts, { disableCampaign: true, updatedAt: new Date() }, eq(contacts.id, contact.id));
  await runOptOut(scope, { channelId: channel.id, contactId: contact.id, reason: event.reason, at: new Date() });
}
