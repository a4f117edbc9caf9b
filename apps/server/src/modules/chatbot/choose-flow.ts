/**
 * Which bot runs on a new ticket (DOMAIN.md "Chatbot flows"): the first named of the contact's
 * CRM lane flow (modules/kanban: a lane may name a flow available in CRM), a keyword
 * mapping matched on the FIRST message (this channel's before one for every channel), the
 * channel's flow, the company default (`botTicketActive`). Pure, so the precedence is a table test.
 *
 * What skips the bot whatever the flow: a ticket opened to its wallet owner (DirectTicketsToWallets)
 * or already with an agent, a ticket an agent opened (fromMe), a group, a contact with the bot
 * disabled. The flow that wins must be active, and a flow with a test number answers only that
 * phone: otherwise no bot runs (the later candidates are not tried: the named flow decides).
 */
export interface FlowFacts {
  /** The flow of the contact's CRM lane (head of the precedence). */
  crmLaneFlowId: number | null;
  keywordFlowId: number | null;
  channelFlowId: number | null;
  defaultFlowId: number | null;
  ticketHasUser: boolean;
  openedByAgent: boolean;
  isGroup: boolean;
  contactDisableBot: boolean;
  contactNumber: string;
  flows: ReadonlyMap<number, { isActive: boolean; testNumber: string }>;
}

export type FlowChoice =
  | { flowId: number; source: 'crmLane' | 'keyword' | 'channel' | 'default' }
  | { flowId: null; reason: 'none' | 'user' | 'agent' | 'group' | 'disableBot' | 'inactive' | 'testNumber' };

export function chooseFlow(f: FlowFacts): FlowChoice {
  if (f.openedByAgent) return { flowId: null, reason: 'agent' };
  if (f.isGroup) return { flowId: null, reason: 'group' };
  if (f.contactDisableBot) return { flowId: null, reason: 'disableBot' };
  if (f.ticketHasUser) return { flowId: null, reason: 'user' };
  const order = [
    ['crmLane', f.crmLaneFlowId],
    ['keyword', f.keywordFlowId],
    ['channel', f.channelFlowId],
    ['default', f.defaultFlowId],
  ] as const;
  const named = order.find(([, id]) => id !== null);
  if (!named) return { flowId: null, reason: 'none' };
  const [source, flowId] = named as [typeof named[0], number];
  const flow = f.flows.get(flowId);
  if (!flow?.isActive) return { flowId: null, reason: 'inactive' };
  const digits = f.contactNumber.replace(/\D/g, '');
  if (flow.testNumber && flow.testNumber !== digits) return { flowId: null, reason: 'testNumber' };
  return { flowId, source };
}

/** The mapping a first message names: the whole message, any case; this channel's first. */
export function keywordFlow(
  body: string,
  channelId: number | null,
  mappings: { keyword: string; chatFlowId: number; channelId: number | null; isActive: boolean }[],
): number | null {
  const said = body.trim().toLocaleLowerCase('pt-BR');
  if (!said) return null;
  const hits = mappings.filter((m) => m.isActive && m.keyword.trim().toLocaleLowerCase('pt-BR') === said);
  const own = hits.find((m) => m.channelId !== null && m.channelId === channelId);
  return (own ?? hits.find((m) => m.channelId === null))?.chatFlowId ?? null;
}
