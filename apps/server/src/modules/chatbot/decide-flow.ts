/** Reads the facts `chooseFlow` needs for a new ticket (its first message, channel, mappings, flows). */
import { asc, eq, inArray } from 'drizzle-orm';
import { channels, chatFlowKeywords, chatFlows, messages } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { laneFlowOf } from '../kanban/kanban.queries.js';
import type { ContactRow } from '../messages/inbound-contact-ticket.js';
import type { TicketRow } from '../tickets/tickets.presenter.js';
import { chooseFlow, keywordFlow, type FlowChoice } from './choose-flow.js';

export async function decideFlow(
  tx: TenantScope,
  ticket: TicketRow,
  contact: ContactRow,
  defaultFlowId: number | null,
): Promise<FlowChoice> {
  const [first] = await tx.select(messages, eq(messages.ticketId, ticket.id)).orderBy(asc(messages.id)).limit(1);
  const channel = ticket.channelId ? await tx.first(channels, eq(channels.id, ticket.channelId)) : undefined;
  const mappings =
    first && !first.fromMe ? await tx.select(chatFlowKeywords, eq(chatFlowKeywords.isActive, true)) : [];
  const facts = {
    crmLaneFlowId: await laneFlowOf(tx, contact.crmLaneId),
    keywordFlowId: first ? keywordFlow(first.body, ticket.channelId, mappings) : null,
    channelFlowId: channel?.chatFlowId ?? null,
    defaultFlowId,
  };
  const ids = Object.values(facts).filter((v): v is number => v !== null);
  const flows = ids.length
    ? await tx.select(chatFlows, inArray(chatFlows.id, ids))
    : [];
  return chooseFlow({
    ...facts,
    ticketHasUser: ticket.userId !== null,
    openedByAgent: first?.fromMe ?? false,
    isGroup: ticket.isGroup || contact.isGroup,
    contactDisableBot: contact.disableBot,
    contactNumber: contact.number,
    flows: new Map(flows.map((f) => [f.id, { isActive: f.isActive, testNumber: f.testNumber }])),
  });
}

