/**
 * The seeded story of the list reports' tests (avaliacoes, protocolos, anotacoes, agendamentosold,
 * ligacoes): company A (São Paulo time) with two queues, two agents, a supervisor of one queue,
 * seven tickets (a transfer, a reopened ticket, one closed by the bot, ratings, tickets at 23:30
 * and 00:30 around the period's last day), notes, schedules with and without a ticket, and calls
 * written directly (nothing writes calls yet); company B with one of each. The period of the
 * tests is February 2026: its last day ends at 2026-03-01T03:00Z.
 */
import { eq } from 'drizzle-orm';
import {
  callLogs,
  channels,
  contacts,
  contactTags,
  queues,
  schedules,
  tags,
  ticketLogs,
  ticketNotes,
  tickets,
  users,
} from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import type { Company, Harness, Session } from '../../test/harness.js';

export const FEB = 'from=2026-02-01&to=2026-02-28';

export interface ListsStory {
  a: Company;
  b: Company;
  agent1: Session;
  agent2: Session;
  /** Supervisor of the Vendas queue only. */
  supVendas: Session;
  queue: { vendas: number; suporte: number; other: number };
  channel: { a: number; other: number };
  tag: { vip: number; other: number };
  contact: Record<'ana' | 'bruno' | 'carla' | 'diego' | 'eva', number>;
  ticket: Record<'t1' | 't2' | 't3' | 't4' | 't5' | 't6' | 't7', number>;
  schedule: Record<'s1' | 's2' | 's3' | 's4' | 's5', number>;
  call: Record<'c1' | 'c2' | 'c3' | 'c4', number>;
}

const at = (iso: string) => new Date(iso);

export async function seedListsStory(h: Harness): Promise<ListsStory> {
  const a = await h.company();
  const b = await h.company();
  const db = h.app.platform.db;
  const base = await withTenant(db, a.tenantId, async (scope) => ({
    vendas: (await scope.insert(queues, { name: 'Vendas', color: '#1971c2' })).id,
    suporte: (await scope.insert(queues, { name: 'Suporte', color: '#2f9e44' })).id,
    channel: (await scope.insert(channels, { name: 'WhatsApp Loja', type: 'whatsapp' })).id,
  }));
  const agent1 = await h.user(a, 'user', { queueIds: [base.vendas, base.suporte] });
  const agent2 = await h.user(a, 'user', { queueIds: [base.vendas, base.suporte] });
  const supVendas = await h.user(a, 'supervisorfila', { queueIds: [base.vendas] });

  const inA = await withTenant(db, a.tenantId, async (scope) => {
    await scope.update(users, { name: 'Admin A' }, eq(users.id, a.admin.userId));
    await scope.update(users, { name: 'Agente Um' }, eq(users.id, agent1.userId));
    await scope.update(users, { name: 'Agente Dois' }, eq(users.id, agent2.userId));
    await scope.update(users, { name: 'Sup Vendas' }, eq(users.id, supVendas.userId));
    const vip = (await scope.insert(tags, { name: 'VIP', color: '#e03131' })).id;
    const person = async (name: string, number: string) => (await scope.insert(contacts, { name, number })).id;
    const contact = {
      ana: await person('Ana', '5511987650001'),
      bruno: await person('Bruno', '5521987650002'),
      carla: await person('Carla', '5531987650003'),
      diego: await person('Diego', '5541987650004'),
      eva: await person('Eva', '5551987650005'),
    };
    await scope.insert(contactTags, { contactId: contact.ana, tagId: vip });
    const { vendas, suporte, channel } = base;
    const one = agent1.userId;
    const two = agent2.userId;
    const ticket = async (v: Partial<typeof tickets.$inferInsert> & { contactId: number; protocol: string }) =>
      (await scope.insert(tickets, { channelId: channel, ...v })).id;
    const ticketIds = {
      // Opened with agent 2, transferred to agent 1, closed and rated 5.
      t1: await ticket({ contactId: contact.ana, protocol: '20260205000001', queueId: vendas, userId: one, status: 'closed', createdAt: at('2026-02-05T13:00:00Z'), closedAt: at('2026-02-05T15:00:00Z'), rating: 5, ratedAt: at('2026-02-05T15:10:00Z') }),
      // Rated at 23:30 of Feb 28 in São Paulo: in the period.
      t2: await ticket({ contactId: contact.bruno, protocol: '20260210000001', queueId: suporte, userId: two, status: 'closed', createdAt: at('2026-02-10T12:00:00Z'), closedAt: at('2026-02-10T14:00:00Z'), rating: 3, ratedAt: at('2026-03-01T02:30:00Z') }),
      // Closed and rated 4, then reopened: open again, its old close kept.
      t3: await ticket({ contactId: contact.carla, protocol: '20260209000001', queueId: vendas, userId: one, status: 'open', createdAt: at('2026-02-09T12:00:00Z'), closedAt: at('2026-02-09T18:00:00Z'), rating: 4, ratedAt: at('2026-02-09T18:05:00Z') }),
      // Closed by the bot: no agent, no rating.
      t4: await ticket({ contactId: contact.ana, protocol: '20260212000001', queueId: suporte, userId: null, status: 'closed', createdAt: at('2026-02-12T12:00:00Z'), closedAt: at('2026-02-12T12:05:00Z') }),
      // Created at 00:30 of Mar 1 in São Paulo: after the period.
      t5: await ticket({ contactId: contact.bruno, protocol: '20260301000001', queueId: vendas, userId: two, status: 'pending', createdAt: at('2026-03-01T03:30:00Z') }),
      // Created at 23:30 of Feb 28 (in), rated at 00:30 of Mar 1 (out).
      t6: await ticket({ contactId: contact.diego, protocol: '20260228000001', queueId: vendas, userId: one, status: 'closed', createdAt: at('2026-03-01T02:30:00Z'), closedAt: at('2026-03-01T03:00:00Z'), rating: 2, ratedAt: at('2026-03-01T03:30:00Z') }),
      // Created in January (out), rated 1 in February (in).
      t7: await ticket({ contactId: contact.eva, protocol: '20260120000001', queueId: suporte, userId: two, status: 'closed', createdAt: at('2026-01-20T12:00:00Z'), closedAt: at('2026-02-03T12:00:00Z'), rating: 1, ratedAt: at('2026-02-03T12:10:00Z') }),
    };
    await scope.insert(ticketLogs, [
      { ticketId: ticketIds.t1, type: 'transfered', userId: two, queueId: vendas, createdAt: at('2026-02-05T14:00:00Z') },
      { ticketId: ticketIds.t1, type: 'receivedTransfer', userId: one, queueId: vendas, createdAt: at('2026-02-05T14:00:00Z') },
      { ticketId: ticketIds.t3, type: 'open', userId: one, queueId: vendas, createdAt: at('2026-02-11T12:00:00Z') },
    ]);
    const note = (ticketId: number, userId: number, body: string, createdAt: string) =>
      scope.insert(ticketNotes, { ticketId, userId, body, createdAt: at(createdAt) });
    await note(ticketIds.t1, one, 'Pediu desconto de <b>10%</b>', '2026-02-05T14:00:00Z');
    await note(ticketIds.t2, two, 'Trocar o produto', '2026-02-10T13:00:00Z');
    await note(ticketIds.t3, a.admin.userId, 'Cliente voltou', '2026-02-09T13:00:00Z');
    await note(ticketIds.t6, one, 'Fechado às 23h30', '2026-03-01T02:30:00Z');
    await note(ticketIds.t1, two, 'Depois do período', '2026-03-01T03:30:00Z');
    await note(ticketIds.t4, two, 'Antes do período', '2026-01-31T12:00:00Z');
    const schedule = async (v: Omit<typeof schedules.$inferInsert, 'tenantId'>) => (await scope.insert(schedules, v)).id;
    const scheduleIds = {
      s1: await schedule({ ticketId: ticketIds.t1, contactId: contact.ana, userId: one, body: 'Seu pedido chegou', sendAt: at('2026-02-06T12:00:00Z'), status: 'sent', sentCount: 1, createdAt: at('2026-02-05T14:30:00Z') }),
      s2: await schedule({ ticketId: ticketIds.t2, contactId: contact.bruno, userId: two, body: 'Lembrete da troca', sendAt: at('2026-02-11T12:00:00Z'), status: 'error', lastError: 'ERR_WINDOW_CLOSED', createdAt: at('2026-02-10T13:30:00Z') }),
      // Without a ticket, at 23:30 of Feb 28: in the period.
      s3: await schedule({ ticketId: null, contactId: contact.carla, userId: a.admin.userId, body: 'Novidades do mês', mediaName: 'cardapio.pdf', mediaKey: 'k/cardapio.pdf', mimeType: 'application/pdf', sendAt: at('2026-03-01T02:30:00Z'), repeatCount: 2, repeatPeriod: 'monthly', createdAt: at('2026-02-20T12:00:00Z') }),
      s4: await schedule({ ticketId: null, contactId: contact.ana, userId: one, body: 'Depois do período', sendAt: at('2026-03-01T03:30:00Z'), createdAt: at('2026-02-20T12:00:00Z') }),
      s5: await schedule({ ticketId: ticketIds.t3, contactId: contact.carla, userId: one, body: 'Semanal', sendAt: at('2026-02-20T12:00:00Z'), repeatCount: 3, repeatPeriod: 'weekly', sentCount: 1, createdAt: at('2026-02-12T12:00:00Z') }),
    };
    const call = async (v: Omit<typeof callLogs.$inferInsert, 'tenantId'>) => (await scope.insert(callLogs, { channelId: channel, ...v })).id;
    const callIds = {
      c1: await call({ ticketId: ticketIds.t1, contactId: contact.ana, userId: one, direction: 'in', status: 'answered', startedAt: at('2026-02-05T13:30:00Z'), durationSeconds: 125, recordingId: 'rec-1', providerCallId: 'p-1' }),
      c2: await call({ ticketId: null, contactId: contact.bruno, userId: two, direction: 'out', status: 'missed', startedAt: at('2026-02-15T12:00:00Z'), providerCallId: 'p-2' }),
      c3: await call({ ticketId: ticketIds.t2, contactId: contact.bruno, userId: two, direction: 'in', status: 'answered', startedAt: at('2026-03-01T02:30:00Z'), durationSeconds: 60 }),
      c4: await call({ ticketId: ticketIds.t6, contactId: contact.diego, userId: one, direction: 'out', status: 'answered', startedAt: at('2026-03-01T03:30:00Z'), durationSeconds: 30 }),
    };
    return { vip, contact, ticket: ticketIds, schedule: scheduleIds, call: callIds };
  });

  const inB = await withTenant(db, b.tenantId, (scope) => seedOther(scope, b.admin.userId));
  return {
    a,
    b,
    agent1,
    agent2,
    supVendas,
    queue: { vendas: base.vendas, suporte: base.suporte, other: inB.queue },
    channel: { a: base.channel, other: inB.channel },
    tag: { vip: inA.vip, other: inB.tag },
    contact: inA.contact,
    ticket: inA.ticket,
    schedule: inA.schedule,
    call: inA.call,
  };
}

/** Company B: one rated ticket, a note, a schedule and a call, all in February. */
async function seedOther(scope: TenantScope, adminId: number) {
  const queue = (await scope.insert(queues, { name: 'Vendas', color: '#1971c2' })).id;
  const channel = (await scope.insert(channels, { name: 'WhatsApp B', type: 'whatsapp' })).id;
  const tag = (await scope.insert(tags, { name: 'VIP', color: '#e03131' })).id;
  const zeca = (await scope.insert(contacts, { name: 'Zeca', number: '5511900000009' })).id;
  const t = await scope.insert(tickets, {
    contactId: zeca,
    channelId: channel,
    queueId: queue,
    userId: adminId,
    protocol: '20260205000001',
    status: 'closed',
    createdAt: at('2026-02-05T13:00:00Z'),
    closedAt: at('2026-02-05T14:00:00Z'),
    rating: 5,
    ratedAt: at('2026-02-05T14:10:00Z'),
  });
  await scope.insert(ticketNotes, { ticketId: t.id, userId: adminId, body: 'Nota de B', createdAt: at('2026-02-05T13:30:00Z') });
  await scope.insert(schedules, { ticketId: t.id, contactId: zeca, userId: adminId, body: 'Agendamento de B', sendAt: at('2026-02-06T12:00:00Z'), status: 'sent', sentCount: 1 });
  await scope.insert(callLogs, { ticketId: t.id, contactId: zeca, userId: adminId, channelId: channel, direction: 'in', status: 'answered', startedAt: at('2026-02-05T13:10:00Z') });
  return { queue, channel, tag };
}
