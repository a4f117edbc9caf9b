import type { Profile } from '@prosa/contracts';
import { asc, eq } from 'drizzle-orm';
import { channels, plans, queues, tags, userQueues, users } from '../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../platform/db/tenant-scope.js';
import type { Platform } from '../platform/platform.js';
import { hashPassword } from '../platform/security/passwords.js';
import { newSecret } from '../platform/security/tokens.js';
import { createTenant } from '../modules/tenants/commands/create-tenant.js';
import { ensureDemoChatFlow } from './demo-chat-flow.js';
import { seedDemoHistory } from './demo-history.js';
import { ensureDemoCrm } from './demo-crm.js';
import { ensureDemoHelps } from './demo-help.js';
import { ensureDemoBilling } from './demo-billing.js';
import { ensureDemoProductivity } from './demo-productivity.js';
import { ensureDemoSchedules } from './demo-schedules.js';

/** Demo only: every demo user's password. Written in README as such. */
export const DEMO_PASSWORD = 'prosa-demo';

interface DemoCompany {
  name: string;
  phone: string;
  email: string;
  queues: { name: string; color: string }[];
  tags: { name: string; color: string }[];
  users: { name: string; email: string; profile: Profile; queues: string[] }[];
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: 'Padaria Central',
    phone: '5511988887777',
    email: 'contato@padaria.demo',
    queues: [
      { name: 'Vendas', color: '#2f9e44' },
      { name: 'Encomendas', color: '#1971c2' },
      { name: 'Financeiro', color: '#e8590c' },
    ],
    tags: [
      { name: 'Cliente VIP', color: '#f08c00' },
      { name: 'Atacado', color: '#7048e8' },
      { name: 'Novo cliente', color: '#12b886' },
    ],
    users: [
      { name: 'Ana Souza', email: 'admin@padaria.demo', profile: 'admin', queues: ['Vendas', 'Encomendas', 'Financeiro'] },
      { name: 'Bruno Lima', email: 'supervisor@padaria.demo', profile: 'supervisor', queues: ['Vendas', 'Encomendas'] },
      { name: 'Carla Dias', email: 'fila@padaria.demo', profile: 'supervisorfila', queues: ['Encomendas'] },
      { name: 'Diego Alves', email: 'agente@padaria.demo', profile: 'user', queues: ['Vendas'] },
    ],
  },
  {
    name: 'Clínica Sorriso',
    phone: '5521977776666',
    email: 'contato@clinica.demo',
    queues: [
      { name: 'Agendamentos', color: '#1098ad' },
      { name: 'Financeiro', color: '#e03131' },
    ],
    tags: [
      { name: 'Ortodontia', color: '#ae3ec9' },
      { name: 'Retorno', color: '#4263eb' },
    ],
    users: [
      { name: 'Elisa Rocha', email: 'admin@clinica.demo', profile: 'admin', queues: ['Agendamentos', 'Financeiro'] },
      { name: 'Fábio Nunes', email: 'agente@clinica.demo', profile: 'user', queues: ['Agendamentos'] },
    ],
  },
];

/**
 * Seeds the demo companies once; a company whose admin already exists is left as it is, except
 * that each gets its web chat channel when it lacks one.
 */
export async function seedDemo(platform: Platform): Promise<void> {
  const db = unsafeSystemDb(platform.db);
  const [plan] = await db.select().from(plans).where(eq(plans.name, 'Profissional'));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const dueDate = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  for (const company of DEMO_COMPANIES) {
    const admin = company.users[0]!;
    const [exists] = await db.select({ id: users.id, tenantId: users.tenantId }).from(users).where(eq(users.email, admin.email));
    if (exists) {
      await ensureDemoWebchat(platform, exists.tenantId);
      await ensureDemoChatFlow(platform, exists.tenantId);
      continue;
    }
    const { tenant } = await createTenant(platform, {
      name: company.name,
      phone: company.phone,
      email: company.email,
      planId: plan?.id ?? null,
      dueDate,
      recurrence: 'MENSAL',
      admin: { name: admin.name, email: admin.email, password: DEMO_PASSWORD },
    });
    await withTenant(platform.db, tenant.id, (scope) =>
      scope.transaction(async (tx) => {
        const qs = await tx.insert(queues, company.queues);
        await tx.insert(tags, company.tags);
        const byName = new Map(qs.map((q) => [q.name, q.id]));
        for (const u of company.users) {
          const [existing] = await tx.select(users, eq(users.email, u.email));
          const user = existing ?? (await tx.insert(users, { name: u.name, email: u.email, profile: u.profile, passwordHash }));
          await tx.insert(
            userQueues,
            u.queues.map((q) => ({ userId: user.id, queueId: byName.get(q)! })),
          );
        }
      }),
    );
    await ensureDemoWebchat(platform, tenant.id);
    await ensureDemoChatFlow(platform, tenant.id);
  }
  await seedDemoHistory(platform, DEMO_COMPANIES);
  // After the history: the scheduled message goes on one of its open tickets.
  const demoTenants: number[] = [];
  for (const company of DEMO_COMPANIES) {
    const [admin] = await db.select({ tenantId: users.tenantId }).from(users).where(eq(users.email, company.users[0]!.email));
    if (!admin) continue;
    demoTenants.push(admin.tenantId);
    await ensureDemoProductivity(platform, admin.tenantId, company);
    await ensureDemoSchedules(platform, admin.tenantId, company.name);
    await ensureDemoCrm(platform, admin.tenantId, company.name);
  }
  await ensureDemoHelps(platform);
  await ensureDemoBilling(platform, demoTenants);
}

/** One web chat channel per demo company (the demo page's customer simulator), added once. */
async function ensureDemoWebchat(platform: Platform, tenantId: number): Promise<void> {
  await withTenant(platform.db, tenantId, async (scope) => {
    if (await scope.first(channels, eq(channels.type, 'webchat'))) return;
    const [firstQueue] = await scope.select(queues).orderBy(asc(queues.id)).limit(1);
    await scope.insert(channels, {
      name: 'Site',
      type: 'webchat',
      status: 'CONNECTED',
      token: newSecret(18), // 24 base64url characters: the public widget key
      isDefault: true,
      defaultQueueId: firstQueue?.id ?? null,
      config: { demo: true },
      // The demo shows the whole conversation, its end included: closing asks for a rating.
      ratingEnabled: true,
      ratingMessage: 'Como você avalia nosso atendimento? Responda com uma nota de 1 a 5.',
      ratingThanksMessage: 'Obrigado pela sua avaliação!',
      ratingInvalidMessage: 'Por favor, responda com um número de 1 a 5.',
    });
  });
}
