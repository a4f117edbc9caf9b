/**
 * Test data for chat flows: a small valid flow body, a flow written straight to the database, and
 * the Izing fixture with its old-system ids rewritten to ids of the test's company.
 */
import { readFileSync } from 'node:fs';
import { ZFlowGraph, type FlowGraph } from '@prosa/contracts';
import type { Database } from '../../platform/db/client.js';
import { chatFlows } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';

/** start -> welcome (2 answers) -> queue / user; a configurations node naming the queue. */
export function simpleGraph(queueId: number, userId: number) {
  return {
    nodeList: [
      { id: 'start', type: 'start', name: 'Início', left: 26, top: 100 },
      {
        id: 'configurations',
        type: 'configurations',
        name: 'Configurações',
        left: 340,
        top: 100,
        configurations: {
          notResponseMessage: { time: 30, type: 1, destiny: queueId, message: 'Sem resposta' },
          maxRetryBotMessage: { number: 3, type: 2, destiny: userId },
          outOpenHours: { type: 3, destiny: null },
        },
      },
      {
        id: 'welcome',
        type: 'node',
        name: 'Boas-vindas',
        left: 26,
        top: 300,
        interactions: [{ id: 'i1', type: 'MessageField', data: { message: 'Olá! 1 vendas, 2 suporte' } }],
        conditions: [
          { id: 'c1', type: 'R', condition: ['1'], action: 1, queueId },
          { id: 'c2', type: 'R', condition: ['2'], action: 0, nextStepId: 'support' },
        ],
      },
      {
        id: 'support',
        type: 'node',
        name: 'Suporte',
        left: 340,
        top: 300,
        interactions: [{ id: 'i1', type: 'MessageField', data: { message: 'Um momento' } }],
        conditions: [{ id: 'c1', type: 'US', action: 2, userIdDestination: userId }],
      },
    ],
    lineList: [
      { from: 'start', to: 'welcome' },
      { from: 'welcome', to: 'support' },
    ],
  };
}

export function flowBody(queueId: number, userId: number, over: Record<string, unknown> = {}) {
  return { name: 'Atendimento', description: 'Primeiro contato', flow: simpleGraph(queueId, userId), ...over };
}

/** A flow written without the routes (for tickets and channels tests). */
export function insertFlow(
  db: Database,
  tenantId: number,
  over: Partial<Omit<typeof chatFlows.$inferInsert, 'tenantId'>> = {},
) {
  const flow: FlowGraph = ZFlowGraph.parse({
    nodeList: [
      { id: 'start', type: 'start' },
      { id: 'configurations', type: 'configurations' },
    ],
  });
  return withTenant(db, tenantId, (s) =>
    s.insert(chatFlows, { name: 'Fluxo de teste', isActive: true, availableForTransfer: true, flow, ...over }),
  );
}

/** The fixture exactly as Izing exported it (see fixtures/README.md). */
export function izingFixture(): Record<string, unknown> & { nodeList: Record<string, unknown>[] } {
  return JSON.parse(readFileSync(new URL('./fixtures/izing-export.json', import.meta.url), 'utf8'));
}

/**
 * The fixture with the old system's queue ids 1 and 2 and user id 2 replaced by ids of this
 * company (conditions and configurations destinies), the way an admin fixes them before importing.
 */
export function remapFixtureIds(
  file: ReturnType<typeof izingFixture>,
  ids: { queues: Record<number, number>; users: Record<number, number> },
) {
  const copy = structuredClone(file);
  const map = (table: Record<number, number>, v: unknown) => (typeof v === 'number' && table[v] ? table[v] : v);
  for (const node of copy.nodeList) {
    const conditions = (node.conditions ?? []) as Record<string, unknown>[];
    for (const c of conditions) {
      c.queueId = map(ids.queues, c.queueId);
      c.userIdDestination = map(ids.users, c.userIdDestination);
    }
    const conf = node.configurations as Record<string, { type: number; destiny: unknown }> | undefined;
    for (const key of ['notResponseMessage', 'maxRetryBotMessage', 'outOpenHours']) {
      const d = conf?.[key];
      if (d) d.destiny = map(d.type === 1 ? ids.queues : ids.users, d.destiny);
    }
  }
  return copy;
}
