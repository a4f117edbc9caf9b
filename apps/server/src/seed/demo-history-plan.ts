/**
 * Demo only: the plan of a demo company's last month, computed without the database: contacts,
 * and tickets with their messages, log entries and notes, shaped as the commands that normally
 * write them would have left them (inbound create in the queue, accept, transfer, close, rating).
 * Deterministic for a seed and a `now`; every time falls in business hours and before `now`.
 */
import type { TicketLogType } from '../modules/tickets/ticket-log.js';
import {
  FIRST_NAMES,
  HOURS,
  RATING_QUESTION,
  RATING_THANKS,
  WEEKDAYS,
  type CompanyScripts,
  type Turn,
} from './demo-scripts.js';
import { isSunday, localTime, type Rng } from './demo-time.js';

export interface Person {
  id: number;
  name: string;
}
export interface World {
  company: string;
  scripts: CompanyScripts;
  timezone: string;
  now: Date;
  channelIds: number[];
  /** Queue name -> id and the agents in it. */
  queues: Map<string, { id: number; members: Person[] }>;
  tagIds: number[];
  counts: { closed: number; open: number; pending: number };
}

export interface DraftContact {
  name: string;
  number: string;
  email: string;
  tagId: number | null;
  createdAt: Date;
}
export interface DraftMessage {
  fromMe: boolean;
  userId: number | null;
  body: string;
  at: Date;
  status: 'received' | 'delivered' | 'read';
}
export interface DraftLog {
  type: TicketLogType;
  userId: number | null;
  queueId: number | null;
  payload: Record<string, unknown> | null;
  at: Date;
}
export interface DraftTicket {
  contact: number;
  channelId: number;
  status: 'open' | 'pending' | 'closed';
  queueId: number;
  userId: number | null;
  startedAttendanceAt: Date | null;
  closedAt: Date | null;
  rating: number | null;
  ratedAt: Date | null;
  messages: DraftMessage[];
  logs: DraftLog[];
  notes: { userId: number; body: string; at: Date }[];
}

const MINUTE = 60_000;
/** Customers rate mostly well; a few do not. */
const RATINGS = [5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 3, 3, 2, 1];

const firstName = (name: string) => name.split(' ')[0]!;
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The contacts' phone numbers: a fixed range per company (the first one marks the history as seeded). */
export const demoNumber = (areaCode: string, i: number) => `55${areaCode}95550${String(i).padStart(4, '0')}`;

export function planHistory(world: World, rng: Rng): { contacts: DraftContact[]; tickets: DraftTicket[] } {
  const { scripts, counts } = world;
  const active = counts.open + counts.pending;
  // Regulars: most tickets of the month come from customers who wrote before.
  const known = Math.max(1, Math.round(counts.closed * 0.35));
  const contacts: DraftContact[] = [];
  for (let i = 0; i < known + active; i++) {
    const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(scripts.lastNames)}`;
    contacts.push({
      name,
      number: demoNumber(scripts.areaCode, i),
      email: rng.chance(0.4) ? `${ascii(name).replace(' ', '.')}@email.com` : '',
      tagId: world.tagIds.length && rng.chance(0.2) ? rng.pick(world.tagIds) : null,
      createdAt: world.now,
    });
  }
  const tickets: DraftTicket[] = [];
  // Closed ones over the month: every known customer at least once, some several times.
  for (let i = 0; i < counts.closed; i++) {
    const t = conversation(world, rng, i < known ? i : rng.int(0, known - 1), 'closed', contacts);
    if (t) tickets.push(t);
  }
  // Open and pending ones: today's (or yesterday's) new customers, one active ticket each.
  for (let i = 0; i < active; i++) {
    const t = conversation(world, rng, known + i, i < counts.open ? 'open' : 'pending', contacts);
    if (t) tickets.push(t);
  }
  for (const t of tickets) {
    const c = contacts[t.contact]!;
    const first = new Date(t.messages[0]!.at.getTime() - 2 * MINUTE);
    if (first < c.createdAt) c.createdAt = first;
  }
  return { contacts, tickets };
}

/** A moment in business hours (Monday to Saturday, 8:00-17:59) `days` back from today. */
function businessStart(world: World, rng: Rng, days: number, fromHour = 8): Date {
  let at = localTime(world.now, days, rng.int(fromHour, 17), rng.int(0, 59), world.timezone);
  if (isSunday(at, world.timezone)) at = new Date(at.getTime() - 86_400_000);
  return at;
}

function conversation(
  world: World,
  rng: Rng,
  contact: number,
  status: DraftTicket['status'],
  contacts: DraftContact[],
): DraftTicket | null {
  const { scripts } = world;
  const script = rng.pick(scripts.scripts);
  const queue = world.queues.get(script.queue);
  const target = script.transfer ? world.queues.get(script.transfer.to) : undefined;
  // One who hands over goes to someone else: not a member of the receiving queue, when possible.
  const outside = queue?.members.filter((m) => !target?.members.some((r) => r.id === m.id)) ?? [];
  const agent = outside.length ? rng.pick(outside) : queue?.members.length ? rng.pick(queue.members) : null;
  if (!queue || !agent) return null;
  const receiver = target?.members.length
    ? (target.members.find((m) => m.id !== agent.id) ?? rng.pick(target.members))
    : null;
  const customer = firstName(contacts[contact]!.name);
  const vars = (who: Person, fila: string) => ({
    cliente: customer,
    agente: firstName(who.name),
    empresa: world.company,
    fila,
    dia: rng.pick(WEEKDAYS),
    hora: rng.pick(HOURS),
  });
  const turns: Turn[] = [['c', rng.pick(scripts.openings)], ['a', rng.pick(scripts.greetings)], ...script.turns];
  if (status === 'closed') turns.push(...rng.pick(scripts.farewells));
  const transferAt = receiver && script.transfer ? 2 + script.transfer.after : -1;
  // Pending: the customer's first lines, nobody has answered yet. Open: cut before the farewell.
  const spoken = status === 'pending' ? [turns[0]!, turns[2]!] : turns;
  const length = status === 'pending' ? 2 : status === 'open' ? rng.int(3, turns.length - 1) : turns.length;

  const duration = length * 4 * MINUTE + 30 * MINUTE;
  const recent = status !== 'closed';
  let days = recent ? 0 : rng.int(0, 29);
  let start = businessStart(world, rng, days);
  while (start.getTime() + duration > world.now.getTime() - MINUTE) {
    days += 1;
    start = businessStart(world, rng, days, recent ? 13 : 8);
  }

  const t: DraftTicket = {
    contact,
    channelId: rng.pick(world.channelIds),
    status,
    queueId: queue.id,
    userId: null,
    startedAttendanceAt: null,
    closedAt: null,
    rating: null,
    ratedAt: null,
    messages: [],
    logs: [{ type: 'create', userId: null, queueId: queue.id, payload: null, at: start }],
    notes: [],
  };
  let at = start.getTime();
  let who = agent;
  let fila = script.queue;
  let words = vars(who, fila);
  let prev: 'c' | 'a' | null = null;
  for (let i = 0; i < length; i++) {
    if (i === transferAt && receiver && target && t.userId) {
      at += rng.int(20, 90) * 1000;
      const payload = { fromQueueId: t.queueId, toQueueId: target.id, fromUserId: t.userId, toUserId: receiver.id };
      t.logs.push({ type: 'transfered', userId: t.userId, queueId: t.queueId, payload, at: new Date(at) });
      t.logs.push({ type: 'receivedTransfer', userId: receiver.id, queueId: target.id, payload, at: new Date(at) });
      t.logs.push({
        type: 'access',
        userId: receiver.id,
        queueId: target.id,
        payload: null,
        at: new Date(at + 40_000),
      });
      t.queueId = target.id;
      t.userId = receiver.id;
      t.startedAttendanceAt = new Date(at);
      who = receiver;
      fila = script.transfer!.to;
      words = vars(who, fila);
    }
    const [side, text] = spoken[i]!;
    // The first message opens the ticket (the inbound path creates it with the message).
    if (i > 0)
      at += side === prev ? rng.int(15, 70) * 1000 : rng.int(1, side === 'a' ? 4 : 7) * MINUTE + rng.int(0, 59) * 1000;
    if (side === 'a' && !t.userId) {
      // The agent accepted it just before answering, and opened it (the access log).
      const accepted = new Date(at - rng.int(20, 60) * 1000);
      t.userId = who.id;
      t.startedAttendanceAt = accepted;
      t.logs.push({ type: 'open', userId: who.id, queueId: t.queueId, payload: null, at: accepted });
      t.logs.push({
        type: 'access',
        userId: who.id,
        queueId: t.queueId,
        payload: null,
        at: new Date(accepted.getTime() + 1000),
      });
    }
    t.messages.push({
      fromMe: side === 'a',
      userId: side === 'a' ? who.id : null,
      body: fill(text, words),
      at: new Date(at),
      status: side === 'a' ? 'read' : 'received',
    });
    prev = side;
  }
  if (script.note && t.userId && rng.chance(0.6)) {
    const mid = t.messages[Math.min(t.messages.length - 1, 3)]!.at;
    t.notes.push({ userId: who.id, body: script.note, at: new Date(mid.getTime() + 30_000) });
  }
  if (status === 'closed') {
    close(t, rng, who.id, at);
    // Looked at again later (a supervisor's check, the customer calling back): the access log.
    const later = t.closedAt!.getTime() + rng.int(1, 30) * 3_600_000;
    if (rng.chance(0.3) && later < world.now.getTime())
      t.logs.push({
        type: 'access',
        userId: rng.pick(queue.members).id,
        queueId: t.queueId,
        payload: null,
        at: new Date(later),
      });
  } else if (status === 'open') {
    const last = [...t.messages].reverse().find((m) => m.fromMe);
    if (last) last.status = 'delivered';
  }
  return t;
}

/** Resolved by the agent; most customers answered the rating question. */
function close(t: DraftTicket, rng: Rng, userId: number, lastAt: number): void {
  const closedAt = new Date(lastAt + rng.int(1, 5) * MINUTE);
  t.closedAt = closedAt;
  t.logs.push({ type: 'closed', userId, queueId: t.queueId, payload: null, at: closedAt });
  if (!rng.chance(0.6)) return;
  const rating = rng.pick(RATINGS);
  const answered = closedAt.getTime() + rng.int(1, 6) * MINUTE;
  t.rating = rating;
  t.ratedAt = new Date(answered);
  t.messages.push(
    { fromMe: true, userId: null, body: RATING_QUESTION, at: new Date(closedAt.getTime() + 2000), status: 'read' },
    { fromMe: false, userId: null, body: String(rating), at: new Date(answered), status: 'received' },
    { fromMe: true, userId: null, body: RATING_THANKS, at: new Date(answered + 2000), status: 'read' },
  );
}
