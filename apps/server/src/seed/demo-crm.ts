/**
 * The demo companies' CRM board and a campaign draft, so that /kanban and /campanhas show them in
 * use on a first start: three company lanes with some of the demo month's contacts and their
 * deals, and a pending campaign (three variants, contacts linked) ready to be scheduled once a
 * WhatsApp or Telegram channel is connected (the demo's only channel is the web chat, which
 * campaigns cannot use). Seeded once per company: a company with any lane is left as it is.
 */
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { campaignContacts, campaigns, contacts, crmLanes } from '../platform/db/schema.js';
import { withTenant } from '../platform/db/tenant-scope.js';
import type { Platform } from '../platform/platform.js';

interface CrmKit {
  lanes: { name: string; color: string; deals: { value: number; description: string }[] }[];
  campaign: { name: string; messages: [string, string, string] };
}

const KITS: Record<string, CrmKit> = {
  'Padaria Central': {
    lanes: [
      {
        name: 'Orçamento pedido',
        color: '#1c7ed6',
        deals: [
          { value: 850, description: 'Salgados para aniversário (200 un.)' },
          { value: 420, description: 'Bolo de casamento, prova marcada' },
          { value: 1200, description: 'Café da manhã corporativo mensal' },
        ],
      },
      {
        name: 'Proposta enviada',
        color: '#f59f00',
        deals: [
          { value: 2300, description: 'Coffee break de evento (3 dias)' },
          { value: 380, description: 'Kit de pães para restaurante' },
        ],
      },
      { name: 'Fechado', color: '#2f9e44', deals: [{ value: 960, description: 'Encomenda de Natal: panetones' }] },
    ],
    campaign: {
      name: 'Panetones de Natal',
      messages: [
        '{{greeting}}, {{name}}! Os panetones artesanais da Padaria Central chegaram. Quer reservar o seu?',
        'Oi, {{name}}! Já provou nosso panetone de fermentação natural? Reserve pelo WhatsApp.',
        '{{name}}, o Natal chegou na Padaria Central: panetones e chocotones com 10% na reserva antecipada.',
      ],
    },
  },
  'Clínica Sorriso': {
    lanes: [
      {
        name: 'Avaliação agendada',
        color: '#1c7ed6',
        deals: [
          { value: 3500, description: 'Implante unitário' },
          { value: 1800, description: 'Clareamento + limpeza' },
        ],
      },
      { name: 'Tratamento em curso', color: '#f59f00', deals: [{ value: 6200, description: 'Aparelho ortodôntico (24 meses)' }] },
      { name: 'Concluído', color: '#2f9e44', deals: [{ value: 900, description: 'Restaurações' }] },
    ],
    campaign: {
      name: 'Retorno semestral',
      messages: [
        '{{greeting}}, {{name}}! Já faz seis meses da sua última visita à Clínica Sorriso. Vamos agendar a revisão?',
        'Oi, {{name}}! Sua limpeza semestral está na hora. Responda e escolha o melhor horário.',
        '{{name}}, a Clínica Sorriso lembra: revisão a cada seis meses mantém o sorriso em dia. Agende já!',
      ],
    },
  },
};

/** How many of the demo month's contacts the campaign draft is linked to. */
const CAMPAIGN_CONTACTS = 25;

/** Seeds `companyName`'s lanes, deals and campaign draft into its tenant, once. */
export async function ensureDemoCrm(platform: Platform, tenantId: number, companyName: string): Promise<void> {
  const kit = KITS[companyName];
  if (!kit) return;
  await withTenant(platform.db, tenantId, (scope) =>
    scope.transaction(async (tx) => {
      if (await tx.first(crmLanes)) return;
      const people = await tx
        .select(contacts, and(isNotNull(contacts.number), ne(contacts.number, ''))!)
        .orderBy(asc(contacts.id))
        .limit(Math.max(CAMPAIGN_CONTACTS, kit.lanes.reduce((n, l) => n + l.deals.length, 0)));
      let next = 0;
      for (const [position, lane] of kit.lanes.entries()) {
        const row = await tx.insert(crmLanes, { name: lane.name, color: lane.color, position });
        for (const deal of lane.deals) {
          const person = people[next++];
          if (!person) break;
          await tx.update(contacts, { crmLaneId: row.id, dealValue: deal.value, description: deal.description }, eq(contacts.id, person.id));
        }
      }
      const [m1, m2, m3] = kit.campaign.messages;
      const draft = await tx.insert(campaigns, { name: kit.campaign.name, delaySeconds: 30, message1: m1, message2: m2, message3: m3 });
      const linked = people.slice(0, CAMPAIGN_CONTACTS);
      if (linked.length)
        await tx.insert(
          campaignContacts,
          linked.map((p) => ({ campaignId: draft.id, contactId: p.id, number: p.number ?? '' })),
        );
    }),
  );
}
