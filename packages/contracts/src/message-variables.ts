/**
 * Message variables (SPEC §9, DOMAIN.md): {{name}} {{greeting}} {{phoneNumber}} {{email}} {{hour}}
 * {{date}} {{protocol}} {{ticket_id}} {{fila}} {{user}} {{userEmail}} and any key of the contact's
 * extra information. Pure: the caller passes the time and the tenant's time zone.
 */
import { pad2, zonedParts } from './zoned-time.js';

export interface VariableContext {
  contact: { name: string; number: string; email: string; extraInfo: { name: string; value: string }[] };
  ticket: { id: number; protocol: string };
  queueName: string | null;
  user: { name: string; email: string } | null;
  timezone: string;
  now: Date;
}

/** Bom dia from 05:00, boa tarde from 12:00, boa noite from 18:00 (and before 05:00). */
export function greetingFor(hour: number): string {
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

function clock(timezone: string, now: Date) {
  const z = zonedParts(now, timezone);
  return { hour: z.hour, hhmm: `${pad2(z.hour)}:${pad2(z.minute)}`, date: `${pad2(z.day)}/${pad2(z.month)}/${z.year}` };
}

export function variablesOf(ctx: VariableContext): Record<string, string> {
  const t = clock(ctx.timezone, ctx.now);
  const vars: Record<string, string> = {};
  // Extra-info keys first: the built-in names win when a key repeats one of them.
  for (const { name, value } of ctx.contact.extraInfo) if (name.trim()) vars[name.trim()] = value;
  return Object.assign(vars, {
    name: ctx.contact.name,
    greeting: greetingFor(t.hour),
    phoneNumber: ctx.contact.number,
    email: ctx.contact.email,
    hour: t.hhmm,
    date: t.date,
    protocol: ctx.ticket.protocol,
    ticket_id: String(ctx.ticket.id),
    fila: ctx.queueName ?? '',
    user: ctx.user?.name ?? '',
    userEmail: ctx.user?.email ?? '',
  });
}

/** Replaces every `vars` key written as {{key}} (spaces inside the braces allowed); unknown ones are kept. */
export function fillVariables(text: string, vars: Record<string, string>): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(vars, key) ? vars[key]! : whole,
  );
}

/** Replaces every known {{variable}} (spaces inside the braces allowed); unknown ones are kept. */
export function resolveVariables(text: string, ctx: VariableContext): string {
  if (!text.includes('{{')) return text;
  return fillVariables(text, variablesOf(ctx));
}
