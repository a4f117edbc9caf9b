/** Factories of the chatbot tests: company hours, flows, a web chat channel that runs a flow. */
import { randomBytes } from 'node:crypto';
import { ZFlowGraph, type FlowGraph } from '@prosa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { channels, chatFlows, messages, queues, settings, ticketLogs, tickets } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import type { Company, Harness } from '../../test/harness.js';
import { updateOwnTenant } from '../tenants/commands/update-own-tenant.js';
import { DEFAULT_BUSINESS_HOURS } from '../tenants/business-hours.js';

export const inTenant = <R>(h: Harness, c: Company, fn: (s: TenantScope) => Promise<R>) =>
  withTenant(h.app.platform.db, c.tenantId, fn);

/** Open ('O') or closed ('C') every day, so a test does not depend on when it runs. */
export const setHours = (h: Harness, c: Company, type: 'O' | 'C', message?: string) =>
  inTenant(h, c, (s) =>
    updateOwnTenant(s, {
      businessHours: DEFAULT_BUSINESS_HOURS.map((d) => ({ ...d, type })),
      ...(message !== undefined ? { messageBusinessHours: message } : {}),
    }),
  );

export const setSetting = (h: Harness, c: Company, key: string, value: string) =>
  inTenant(h, c, (s) => s.insert(settings, { key, value }));

export const makeQueue = (h: Harness, c: Company, name = `Fila ${randomBytes(3).toString('hex')}`) =>
  inTenant(h, c, (s) => s.insert(queues, { name, color: '#2f9e44' }));

export async function makeFlow(h: Harness, c: Company, flow: unknown, over: { isActive?: boolean; testNumber?: string; availableForTransfer?: boolean } = {}) {
  const graph: FlowGraph = ZFlowGraph.parse(flow);
  return inTenant(h, c, (s) => s.insert(chatFlows, { name: `Fluxo ${randomBytes(3).toString('hex')}`, flow: graph, ...over }));
}

export const useFlowOn = (h: Harness, c: Company, channelId: number, chatFlowId: number | null) =>
  inTenant(h, c, (s) => s.update(channels, { chatFlowId }, eq(channels.id, channelId)));

/** The ticket's messages the company sent (the bot's), in order. */
export const botSays = (h: Harness, c: Company, ticketId: number) =>
  inTenant(h, c, (s) =>
    s.select(messages, and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true))!).orderBy(asc(messages.id)),
  );

export const logsOf = (h: Harness, c: Company, ticketId: number) =>
  inTenant(h, c, async (s) => (await s.select(ticketLogs, eq(ticketLogs.ticketId, ticketId)).orderBy(asc(ticketLogs.id))).map((l) => l.type));

export const ticketOf = (h: Harness, c: Company, id: number) => inTenant(h, c, (s) => s.first(tickets, eq(tickets.id, id)));

/** The two-button welcome of the issue: "1" to queue A, "2" to queue B. */
export function welcomeFlow(queueA: number, queueB: number) {
  return {
    nodeList: [
      { id: 'start', type: 'start' },
      { id: 'configurations', type: 'configurations', configurations: { welcomeMessage: { message: 'Você está na fila {{fila}}' } } },
      {
        id: 'welcome',
        type: 'node',
        name: 'Boas-vindas',
        interactions: [{ id: 'b', type: 'ButtonsField', data: { message: 'Olá {{name}}! Escolha:', buttons: [{ label: 'Vendas' }, { label: 'Suporte' }] } }],
        conditions: [
          { id: 'c1', type: 'R', condition: ['1'], action: 1, queueId: queueA },
          { id: 'c2', type: 'R', condition: ['2'], action: 1, queueId: queueB },
        ],
      },
    ],
    lineList: [{ from: 'start', to: 'welcome' }],
  };
}
