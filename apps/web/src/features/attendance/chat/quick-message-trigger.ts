import { fillVariables, type QuickMessage, type Ticket } from '@prosa/contracts';

/** A `/word` being typed: where its slash is and what follows it up to the caret. */
export interface QuickTrigger {
  start: number;
  end: number;
  query: string;
}

/**
 * The quick-message trigger at the caret: a `/` at the start of the text or after a space or a
 * line break, followed by what the agent has typed since (no space yet). A slash inside a word
 * (a date, a link) is not one.
 */
export function triggerAt(text: string, caret: number): QuickTrigger | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)\/([^\s/]*)$/.exec(before);
  if (!m) return null;
  const start = caret - m[2]!.length - 1;
  return { start, end: caret, query: m[2]! };
}

/** Quick messages whose key starts with the query (any case), then those that contain it. */
export function matchQuickMessages(list: readonly QuickMessage[], query: string, max = 8): QuickMessage[] {
  const q = query.toLowerCase();
  const starts = list.filter((m) => m.key.toLowerCase().startsWith(q));
  const contains = q ? list.filter((m) => !m.key.toLowerCase().startsWith(q) && m.key.toLowerCase().includes(q)) : [];
  return [...starts, ...contains].slice(0, max);
}

/**
 * The variables (SPEC §9) the composer knows from the ticket. The rest (greeting, time and date in
 * the company's time zone, the contact's phone and email) stay as written and the server fills them
 * when the message is sent, with the same function (contracts/message-variables.ts).
 */
export function ticketVariables(ticket: Ticket, agent: { name: string; email: string } | null): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const { name, value } of ticket.contact.extraInfo) if (name.trim()) vars[name.trim()] = value;
  return Object.assign(vars, {
    name: ticket.contact.name,
    protocol: ticket.protocol,
    ticket_id: String(ticket.id),
    fila: ticket.queue?.name ?? '',
    ...(agent ? { user: agent.name, userEmail: agent.email } : {}),
  });
}

/** The text with the trigger replaced by the quick message (its variables filled), and the new caret. */
export function applyQuickMessage(
  text: string,
  trigger: QuickTrigger,
  message: string,
  vars: Record<string, string>,
): { text: string; caret: number } {
  const filled = fillVariables(message, vars);
  const next = text.slice(0, trigger.start) + filled + text.slice(trigger.end);
  return { text: next, caret: trigger.start + filled.length };
}
