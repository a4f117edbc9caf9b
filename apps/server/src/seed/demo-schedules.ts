/**
 * Demo only: scheduled messages of the demo month, so that a fresh start shows the agendamentosold
 * report (and /agendamentos) in use: three sent and one failed on tickets of the last weeks, and
 * two pending on open tickets (tomorrow at 09:00, and a weekly one in four days), armed as the
 * schedule commands arm them. Seeded once per company: its first sent message marks it.
 */
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { schedules, tenants, tickets } from '../platform/db/schema.js';
import { withTenant } from '../platform/db/tenant-scope.js';
import type { Platform } from '../platform/platform.js';
import { armTimer, bumpScheduledCount } from '../modules/schedules/schedule-store.js';
import { localTime } from './demo-time.js';

interface Texts {
  sent: [string, string, string];
  failed: string;
  pending: [string, string];
}

const TEXTS: Record<string, Texts> = {
  'Padaria Central': {
    sent: [
      'Seu pedido está pronto para retirada, {{name}}!',
      'Obrigado pela compra, {{name}}! Volte sempre à Padaria Central.',
      'Promoção da semana: leve 10 pães de queijo e pague 8.',
    ],
    failed: 'Lembrete: sua encomenda de bolo fica pronta amanhã.',
    pending: ['{{greeting}}, {{name}}! Chegaram os panetones da casa.', 'Cardápio da semana da Padaria Central.'],
  },
  'Clínica Sorriso': {
    sent: [
      'Sua consulta está confirmada para amanhã, {{name}}.',
      'Como você está depois do procedimento, {{name}}?',
      'Lembrete: traga seus exames na próxima consulta.',
    ],
    failed: 'Lembrete da Clínica Sorriso: sua limpeza é amanhã.',
    pending: ['{{greeting}}, {{name}}! Hora de agendar sua revisão semestral.', 'Dica da semana: troque a escova a cada três meses.'],
  },
};

const HOUR = 3_600_000;

export async function ensureDemoSchedules(platform: Platform, tenantId: number, company: string, now = new Date()): Promise<void> {
  const texts = TEXTS[company];
  if (!texts) return;
  await withTenant(platform.db, tenantId, (scope) =>
    scope.transaction(async (tx) => {
      if (await tx.first(schedules, eq(schedules.body, texts.sent[0]))) return;
      const [tenant] = await tx.query((db) => db.select({ tz: tenants.timezone }).from(tenants).where(eq(tenants.id, tx.tenantId)));
      const tz = tenant?.tz ?? 'America/Sao_Paulo';
      // Closed tickets of the month, at least two days old: their messages went out the next day.
      const closed = await tx
        .select(
          tickets,
          and(eq(tickets.status, 'closed'), gte(tickets.createdAt, new Date(now.getTime() - 28 * 24 * HOUR)), lte(tickets.createdAt, new Date(now.getTime() - 2 * 24 * HOUR))),
        )
        .orderBy(desc(tickets.id))
        .limit(4);
      const done = closed.map((t, i) => {
        const sendAt = new Date(t.createdAt.getTime() + 26 * HOUR);
        const failed = i === 3;
        return {
          ticketId: t.id,
          contactId: t.contactId,
          userId: t.userId,
          body: failed ? texts.failed : texts.sent[i]!,
          sendAt,
          sentCount: failed ? 0 : 1,
          status: failed ? ('error' as const) : ('sent' as const),
          // The customer's 24-hour window had closed: WhatsApp refuses a free text then.
          lastError: failed ? 'ERR_WINDOW_CLOSED' : null,
          createdAt: new Date(t.createdAt.getTime() + HOUR),
          updatedAt: sendAt,
        };
      });
      if (done.length > 0) await tx.insert(schedules, done);
      // The newest open tickets (the team tools' reminder sits on the oldest one).
      const open = await tx.select(tickets, eq(tickets.status, 'open')).orderBy(desc(tickets.id)).limit(2);
      const due = [localTime(now, -1, 9, 0, tz), localTime(now, -4, 10, 0, tz)];
      for (const [i, t] of open.entries()) {
        const s = await tx.insert(schedules, {
          ticketId: t.id,
          contactId: t.contactId,
          userId: t.userId,
          body: texts.pending[i]!,
          sendAt: due[i]!,
          repeatCount: i === 1 ? 3 : 0,
          repeatPeriod: i === 1 ? 'weekly' : null,
          // Before the team tools' reminder, which stays the newest on /agendamentos.
          createdAt: new Date(now.getTime() - HOUR),
        });
        await bumpScheduledCount(tx, t.id, 1);
        armTimer(tx, s.id, s.sendAt);
      }
    }),
  );
}
