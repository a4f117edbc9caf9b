/** The engine's ports as the inbound job gives them: the ticket's variables, tags, real webhooks. */
import { eq, inArray } from 'drizzle-orm';
import { contactTags, queues, tags, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { moveContactToLane } from '../kanban/commands/move-contact.js';
import type { ContactRow } from '../messages/inbound-contact-ticket.js';
import { variablesOf } from '../messages/message-variables.js';
import type { TicketRow } from '../tickets/tickets.presenter.js';
import type { EnginePorts, Flow } from './engine/types.js';
import type { Outgoing } from './record-replies.js';
import { isOpenAt, type TenantBotConfig } from './tenant-bot-config.js';
import { callWebhook } from './webhook-call.js';

/** Users a flow may name (conditions and configurations), to fill {{user}} on a transfer. */
function userIdsOf(flow: Flow): number[] {
  const ids = new Set<number>();
  for (const n of flow.nodeList) {
    if (n.type === 'node') for (const c of n.conditions) if (c.userIdDestination) ids.add(c.userIdDestination);
    if (n.type === 'configurations')
      for (const d of [n.configurations.maxRetryBotMessage, n.configurations.notResponseMessage, n.configurations.outOpenHours])
        if (d.type === 2 && d.destiny) ids.add(d.destiny);
  }
  return [...ids];
}

/** What the ports need to know of a flow, once per flow object (flow-cache.ts keeps the object). */
const facts = new WeakMap<Flow, { writesQueue: boolean; userIds: number[] }>();
function factsOf(flow: Flow) {
  let f = facts.get(flow);
  if (!f) facts.set(flow, (f = { writesQueue: JSON.stringify(flow).includes('fila'), userIds: userIdsOf(flow) }));
  return f;
}

export interface PortsInput {
  tx: TenantScope;
  ticket: TicketRow;
  contact: ContactRow;
  flow: Flow;
  config: TenantBotConfig;
  now: Date;
  allowPrivate: boolean;
  out: Outgoing[];
}

export async function jobPorts(p: PortsInput): Promise<EnginePorts> {
  const { tx, ticket, contact } = p;
  const { writesQueue, userIds } = factsOf(p.flow);
  // Queue names only for flows that write {{fila}}: one query less on every other step.
  const queueRows = writesQueue ? await tx.select(queues) : [];
  const queueName = new Map(queueRows.map((q) => [q.id, q.name]));
  const ids = [...userIds, ...(ticket.userId ? [ticket.userId] : [])];
  const userRows = ids.length ? await tx.select(users, inArray(users.id, ids)) : [];
  const people = new Map(userRows.map((u) => [u.id, { name: u.name, email: u.email }]));
  return {
    now: () => p.now,
    isOpen: (at) => isOpenAt(p.config, at),
    send: (reply, delay) => p.out.push({ reply, delay }),
    async addTag(tagId) {
      // Only the company's own tags; adding one the contact has changes nothing.
      if (!(await tx.first(tags, eq(tags.id, tagId)))) return;
      await tx.query((db) =>
        db.insert(contactTags).values({ tenantId: tx.tenantId, contactId: contact.id, tagId }).onConflictDoNothing(),
      );
    },
    async moveToLane(laneId) {
      await moveContactToLane(tx, contact.id, laneId);
    },
    webhook: (call) => callWebhook(call, p.allowPrivate),
    variables(target) {
      const queueId = target?.queueId !== undefined ? target.queueId : ticket.queueId;
      const userId = target?.userId !== undefined ? target.userId : ticket.userId;
      return variablesOf({
        contact: { name: contact.name, number: contact.number, email: contact.email, extraInfo: contact.extraInfo ?? [] },
        ticket: { id: ticket.id, protocol: ticket.protocol },
        queueName: queueId ? (queueName.get(queueId) ?? null) : null,
        user: userId ? (people.get(userId) ?? null) : null,
        timezone: p.config.timezone,
        now: p.now,
      });
    },
  };
}
