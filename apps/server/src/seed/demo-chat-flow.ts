/**
 * Demo only: each demo company's "Atendimento inicial" flow, a realistic first contact: a welcome
 * with one option per queue and a "falar com atendente" path, and the configurations filled in.
 * It is available for transfer (agents can send a ticket to it) but no channel runs it: the
 * demo journeys talk to the web chat and expect a person, not a bot, to answer.
 */
import { ZChatFlowInput } from '@prosa/contracts';
import { asc, eq } from 'drizzle-orm';
import { chatFlows, queues } from '../platform/db/schema.js';
import { withTenant } from '../platform/db/tenant-scope.js';
import type { Platform } from '../platform/platform.js';
import { assertValidFlowGraph } from '../modules/chat-flows/flow-validation.js';

export const DEMO_FLOW_NAME = 'Atendimento inicial';

function demoFlow(queueList: { id: number; name: string }[]) {
  const options = queueList.slice(0, 3);
  const human = options.length + 1;
  const first = options[0]!.id;
  const menu = [...options.map((q, i) => `${i + 1} - ${q.name}`), `${human} - Falar com atendente`].join('\n');
  return ZChatFlowInput.parse({
    name: DEMO_FLOW_NAME,
    description: 'Boas-vindas, escolha do setor e atendimento humano.',
    isActive: true,
    availableForTransfer: true,
    flow: {
      nodeList: [
        { id: 'start', type: 'start', name: 'Início', left: 26, top: 100 },
        {
          id: 'configurations',
          type: 'configurations',
          name: 'Configurações',
          left: 340,
          top: 100,
          configurations: {
            welcomeMessage: { message: 'Você será atendido por {{user}} em instantes.' },
            farewellMessage: { message: 'Obrigado pelo contato, {{name}}! Até a próxima.' },
            notOptionsSelectMessage: {
              message: 'Desculpe, não entendi. Responda com o número de uma das opções.',
              stepReturn: 'A',
            },
            notResponseMessage: {
              time: 30,
              type: 1,
              destiny: first,
              message: 'Vamos passar sua conversa para um atendente.',
            },
            maxRetryBotMessage: { number: 3, type: 1, destiny: first },
            outOpenHours: { type: 1, destiny: first },
            answerCloseTicket: ['sair', 'encerrar'],
            autoDistributeTickets: 'N',
          },
        },
        {
          id: 'welcome',
          type: 'node',
          name: 'Boas-vindas',
          left: 26,
          top: 300,
          interactions: [
            { id: 'hello', type: 'MessageField', data: { message: '{{greeting}}, {{name}}! Como podemos ajudar?' } },
            { id: 'menu', type: 'MessageField', data: { message: menu } },
          ],
          conditions: [
            { id: 'out', type: 'OUT_OF_BUSINESS_HOUR', action: 0, nextStepId: 'closed' },
            ...options.map((q, i) => ({
              id: `opt${i + 1}`,
              type: 'R',
              condition: [String(i + 1)],
              action: 1,
              queueId: q.id,
            })),
            { id: 'human', type: 'R', condition: [String(human)], action: 0, nextStepId: 'human' },
            { id: 'human-words', type: 'Contain2', condition: ['atendente', 'humano'], action: 0, nextStepId: 'human' },
          ],
        },
        {
          id: 'human',
          type: 'node',
          name: 'Falar com atendente',
          left: 340,
          top: 300,
          interactions: [
            {
              id: 'wait',
              type: 'MessageField',
              data: { message: 'Certo! Conte em poucas palavras o que você precisa.' },
            },
          ],
          conditions: [{ id: 'any', type: 'US', action: 1, queueId: first }],
        },
        {
          id: 'closed',
          type: 'node',
          name: 'Fora do horário',
          left: 660,
          top: 300,
          interactions: [
            {
              id: 'msg',
              type: 'MessageField',
              data: {
                message:
                  'Estamos fora do horário de atendimento. Deixe sua mensagem que respondemos assim que possível.',
              },
            },
          ],
          conditions: [{ id: 'any', type: 'US', action: 1, queueId: first }],
        },
      ],
      lineList: [
        { from: 'start', to: 'welcome' },
        { from: 'welcome', to: 'human' },
        { from: 'welcome', to: 'closed' },
      ],
    },
  });
}

/** Adds the demo flow once per company (by name); a company without queues gets none. */
export async function ensureDemoChatFlow(platform: Platform, tenantId: number): Promise<void> {
  await withTenant(platform.db, tenantId, async (scope) => {
    if (await scope.first(chatFlows, eq(chatFlows.name, DEMO_FLOW_NAME))) return;
    const queueList = await scope.select(queues).orderBy(asc(queues.id));
    if (queueList.length === 0) return;
    const input = demoFlow(queueList);
    await assertValidFlowGraph(scope, input.flow, 'flow');
    await scope.insert(chatFlows, input);
  });
}
