/**
 * The demo companies' team tools, so that a first start shows them in use: shared quick messages
 * (with variables), farewell messages, a team, tasks (one of them delayed, owned by the admin, its
 * notice already given so no pop-up greets a first login) and a scheduled message on an open
 * ticket. Seeded once per company: a company that has any quick message is left as it is.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { farewellMessages, quickMessages, schedules, tasks, teamUsers, teams, tenants, tickets, users } from '../platform/db/schema.js';
import { withTenant, type TenantScope } from '../platform/db/tenant-scope.js';
import { armTimer, bumpScheduledCount } from '../modules/schedules/schedule-store.js';
import type { Platform } from '../platform/platform.js';
import { localTime } from './demo-time.js';

interface Kit {
  quick: { key: string; message: string }[];
  farewells: { title: string; message: string }[];
  team: string;
  /** `days`: the limit date that many days from today (negative: in the past), at 17:00 local. */
  tasks: { name: string; description: string; owner: 'admin' | 'supervisor' | 'agent'; days: number; priority: 'low' | 'medium' | 'high'; finished?: boolean }[];
  schedule: string;
}

const KITS: Record<string, Kit> = {
  'Padaria Central': {
    quick: [
      { key: 'ola', message: '{{greeting}}, {{name}}! Aqui é da Padaria Central. Em que posso ajudar?' },
      { key: 'horario', message: 'Abrimos de segunda a sábado, das 6h às 20h, e aos domingos até o meio-dia.' },
      { key: 'pix', message: 'Nossa chave Pix é o CNPJ 12.345.678/0001-90 (Padaria Central). Envie o comprovante por aqui, por favor.' },
      { key: 'encomenda', message: 'Encomendas de bolos e salgados com 48 horas de antecedência. Qual é a data e a quantidade, {{name}}?' },
    ],
    farewells: [
      { title: 'Obrigado', message: 'Obrigado pelo contato, {{name}}! A Padaria Central agradece a preferência.' },
      { title: 'Retirada', message: 'Seu pedido fica pronto para retirada no balcão. Até logo, {{name}}!' },
    ],
    team: 'Turno da manhã',
    tasks: [
      { name: 'Confirmar encomenda do casamento', description: 'Ligar para confirmar os 300 salgados de sábado.', owner: 'agent', days: 1, priority: 'high' },
      { name: 'Atualizar o cardápio do site', description: 'Incluir os pães de fermentação natural.', owner: 'agent', days: -2, priority: 'low', finished: true },
      { name: 'Revisar preços do atacado', description: 'A nova tabela de farinha chegou: revisar a margem.', owner: 'admin', days: -1, priority: 'medium' },
      { name: 'Treinar a equipe nas respostas rápidas', description: 'Mostrar o /ola, o /pix e o /encomenda no composer.', owner: 'supervisor', days: 3, priority: 'medium' },
    ],
    schedule: '{{greeting}}, {{name}}! Passando para lembrar que sua encomenda fica pronta amanhã.',
  },
  'Clínica Sorriso': {
    quick: [
      { key: 'ola', message: '{{greeting}}, {{name}}! Aqui é da Clínica Sorriso. Como podemos ajudar?' },
      { key: 'preparo', message: 'Para a limpeza não é preciso preparo. Chegue 10 minutos antes, com um documento com foto.' },
      { key: 'endereco', message: 'Estamos na Rua das Flores, 120, sala 304. Há estacionamento conveniado no prédio.' },
    ],
    farewells: [{ title: 'Até a consulta', message: 'Até a sua consulta, {{name}}! Qualquer dúvida, é só chamar.' }],
    team: 'Recepção',
    tasks: [
      { name: 'Confirmar as consultas de amanhã', description: 'Enviar a confirmação aos pacientes da agenda.', owner: 'agent', days: 1, priority: 'high' },
      { name: 'Conferir repasses do convênio', description: 'Comparar o extrato com as guias do mês.', owner: 'admin', days: -1, priority: 'medium' },
    ],
    schedule: '{{greeting}}, {{name}}! Lembrete da Clínica Sorriso: sua consulta é amanhã. Responda 1 para confirmar.',
  },
};

/** Seeds the kit of `company` into its tenant, once. */
export async function ensureDemoProductivity(
  platform: Platform,
  tenantId: number,
  company: { name: string; users: readonly { email: string; profile: string }[] },
  now = new Date(),
): Promise<void> {
  const kit = KITS[company.name];
  if (!kit) return;
  await withTenant(platform.db, tenantId, (scope) =>
    scope.transaction(async (tx) => {
      if (await tx.first(quickMessages)) return;
      const people = await tx.select(users, inArray(users.email, company.users.map((u) => u.email)));
      const byProfile = (profile: string) => {
        const email = company.users.find((u) => u.profile === profile)?.email;
        return people.find((p) => p.email === email);
      };
      const admin = byProfile('admin');
      if (!admin) return;
      const owner = { admin, supervisor: byProfile('supervisor') ?? admin, agent: byProfile('user') ?? admin };
      const tz = (await timezoneOf(tx)) ?? 'America/Sao_Paulo';

      await tx.insert(quickMessages, kit.quick.map((q) => ({ ...q, showToAll: true, userId: admin.id })));
      await tx.insert(farewellMessages, kit.farewells.map((f) => ({ ...f, showForAll: true, userId: admin.id })));
      const team = await tx.insert(teams, { name: kit.team });
      await tx.insert(teamUsers, people.map((p) => ({ teamId: team.id, userId: p.id })));
      await tx.insert(
        tasks,
        kit.tasks.map((t) => {
          const limitDate = localTime(now, -t.days, 17, 0, tz);
          const delayed = !t.finished && limitDate < now;
          return {
            name: t.name,
            description: t.description,
            ownerId: owner[t.owner].id,
            creatorId: admin.id,
            priority: t.priority,
            limitDate,
            status: t.finished ? ('finished' as const) : ('pending' as const),
            finishedAt: t.finished ? limitDate : null,
            // Already delayed when seeded: the badge shows it; the pop-up would greet every first login.
            delayNotifiedAt: delayed ? now : null,
          };
        }),
      );
      // A reminder on the company's oldest open ticket, the day after tomorrow at 10:00.
      const [open] = await tx.select(tickets, eq(tickets.status, 'open')).orderBy(asc(tickets.id)).limit(1);
      if (open) {
        const schedule = await tx.insert(schedules, {
          ticketId: open.id,
          contactId: open.contactId,
          userId: open.userId ?? owner.agent.id,
          body: kit.schedule,
          sendAt: localTime(now, -2, 10, 0, tz),
        });
        // As the schedule commands leave it: the ticket's clock counter and the timer at its time.
        await bumpScheduledCount(tx, open.id, 1);
        armTimer(tx, schedule.id, schedule.sendAt);
      }
    }),
  );
}

async function timezoneOf(tx: TenantScope): Promise<string | undefined> {
  const [row] = await tx.query((db) => db.select({ tz: tenants.timezone }).from(tenants).where(eq(tenants.id, tx.tenantId)));
  return row?.tz;
}
