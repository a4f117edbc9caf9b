/**
 * Test data for tickets and the modules around them: each helper writes through the tenant door
 * of the given tenant. Reuse them: `const f = ticketFactories(h.app.platform.db, a.tenantId)`.
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  channels,
  contacts,
  contactTags,
  contactWallets,
  queues,
  tags,
  tickets,
  userQueues,
} from '../../platform/db/schema.js';
import type { Database } from '../../platform/db/client.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';

type Insert<T extends { $inferInsert: unknown }> = Partial<Omit<T['$inferInsert'], 'tenantId'>>;
const uid = () => randomUUID().slice(0, 8);

export function ticketFactories(db: Database, tenantId: number) {
  const run = <R>(fn: (scope: TenantScope) => Promise<R>) => withTenant(db, tenantId, fn);
  const f = {
    run,
    contact: (over: Insert<typeof contacts> = {}) =>
      run((s) =>
        s.insert(contacts, { name: `Cliente ${uid()}`, number: `55119${randomInt(10_000_000, 99_999_999)}`, ...over }),
      ),
    channel: (over: Insert<typeof channels> = {}) =>
      run((s) => s.insert(channels, { name: `Canal ${uid()}`, type: 'whatsapp', status: 'CONNECTED', ...over })),
    queue: (over: Insert<typeof queues> = {}) =>
      run((s) => s.insert(queues, { name: `Fila ${uid()}`, color: '#336699', ...over })),
    tag: (over: Insert<typeof tags> = {}) =>
      run((s) => s.insert(tags, { name: `Tag ${uid()}`, color: '#996633', ...over })),
    tagContact: (contactId: number, tagId: number) => run((s) => s.insert(contactTags, { contactId, tagId })),
    wallet: (contactId: number, userId: number) => run((s) => s.insert(contactWallets, { contactId, userId })),
    joinQueue: (userId: number, queueId: number) => run((s) => s.insert(userQueues, { userId, queueId })),
    /** A ticket; a fresh contact and channel unless given. */
    ticket: async (over: Insert<typeof tickets> = {}) => {
      const contactId = over.contactId ?? (await f.contact()).id;
      const channelId = over.channelId === undefined ? (await f.channel()).id : over.channelId;
      return run((s) =>
        s.insert(tickets, {
          status: 'pending',
          protocol: `P${uid()}`,
          lastMessageAt: new Date(),
          ...over,
          contactId,
          channelId,
        }),
      );
    },
  };
  return f;
}
