/**
 * The widget learns live that its conversation ended. A close with a farewell or a rating question
 * tells it through that message (`ended` on it); a close with neither sent nothing, and the widget
 * showed "conversation ended" only after a reload. Now every change of a closed web chat ticket
 * sends the visitor's room an `update` { ended, rating } (the event the widget already listens to).
 */
import { eq } from 'drizzle-orm';
import { contacts } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';
import type { TicketWatcher } from '../../modules/tickets/tickets.events.js';
import { endStateOf } from './webchat.queries.js';

export const tellWidgetOfEnd: TicketWatcher = (scope: TenantScope, base, action) => {
  const { row } = base;
  if (action !== 'update' || row.status !== 'closed' || base.channel?.type !== 'webchat' || row.channelId === null) return;
  const channelId = row.channelId;
  // A scope of its own: the caller's may end before this read does.
  void withTenant(scope.database, scope.tenantId, async (s) => {
    const contact = await s.first(contacts, eq(contacts.id, row.contactId));
    if (!contact?.webchatId) return;
    publish(s, { kind: 'webchat', channelId, visitorId: contact.webchatId }, 'update', endStateOf(row));
  })
    // The end notice is a courtesy: the widget's history shows it after a reload anyway.
    .catch((err: unknown) => console.error('web chat end notice failed', err));
};
