import { readFileSync } from 'node:fs';
import { ZChatFlowImport, ZFlowGraph } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, isWithinBusinessHours } from '../../tenants/business-hours.js';
import { bodies, cond, converse, flowOf, testPorts, text } from './engine.test-support.js';
import { numberedText } from './interactions.js';
import { runTurn } from './run-turn.js';

const choices = { id: 'opts', type: 'MessageOptionsField', data: { message: 'Escolha', values: ['Boleto', 'Pix'] } };

describe('conditions, in the SPEC §4 order', () => {
  const cases: { name: string; c: ReturnType<typeof cond>; answer: string; open?: boolean; fires: boolean }[] = [
    { name: 'R exact, trimmed, any case', c: cond('R', ['Sim']), answer: '  SIM ', fires: true },
    { name: 'R is not a substring', c: cond('R', ['sim']), answer: 'sim senhor', fires: false },
    { name: 'R by option number', c: cond('R', ['Pix']), answer: '2', fires: true },
    { name: 'R by option label', c: cond('R', ['1']), answer: 'boleto', fires: true },
    { name: 'Contain2 whole phrase', c: cond('Contain2', ['2 via']), answer: 'quero a 2 via do boleto', fires: true },
    { name: 'Contain2 not inside a word', c: cond('Contain2', ['via']), answer: 'quero 2 vias', fires: false },
    { name: 'Contain2 without accents', c: cond('Contain2', ['nao']), answer: 'Não, obrigado', fires: true },
    { name: 'Contain substring', c: cond('Contain', ['bolet']), answer: 'Meu BOLETO', fires: true },
    { name: 'Contain misses', c: cond('Contain', ['pix']), answer: 'boleto', fires: false },
    { name: 'US any answer', c: cond('US', []), answer: 'qualquer coisa', fires: true },
    { name: 'IN_BUSINESS_HOUR inside', c: cond('IN_BUSINESS_HOUR', []), answer: 'x', open: true, fires: true },
    { name: 'IN_BUSINESS_HOUR outside', c: cond('IN_BUSINESS_HOUR', []), answer: 'x', open: false, fires: false },
    { name: 'OUT_OF_BUSINESS_HOUR outside', c: cond('OUT_OF_BUSINESS_HOUR', []), answer: 'x', open: false, fires: true },
    { name: 'OUT_OF_BUSINESS_HOUR inside', c: cond('OUT_OF_BUSINESS_HOUR', []), answer: 'x', open: true, fires: false },
  ];
  it.each(cases)('$name', async ({ c, answer, open, fires }) => {
    const flow = flowOf([{ id: 's1', interactions: [choices], conditions: [{ ...c, action: 1, queueId: 4 }] }]);
    const { last } = await converse(flow, testPorts({ open: () => open ?? true }), [answer]);
    expect(last.outcome).toEqual(fires ? { kind: 'queue', queueId: 4, userId: null } : null);
    expect(last.trace.some((t) => t.kind === (fires ? 'condition' : 'notUnderstood'))).toBe(true);
  });

  it('evaluates by type priority, not by the order the step lists them', async () => {
    const flow = flowOf([
      {
        id: 's1',
        conditions: [
          cond('US', [], 1, { queueId: 1 }),
          cond('Contain', ['boleto'], 1, { queueId: 2 }),
          cond('Contain2', ['boleto'], 1, { queueId: 3 }),
          cond('R', ['boleto'], 1, { queueId: 4 }),
          cond('OUT_OF_BUSINESS_HOUR', [], 1, { queueId: 5 }),
        ],
      },
    ]);
    const at = async (answer: string, open = true) =>
      (await converse(flow, testPorts({ open: () => open }), [answer])).last.outcome;
    expect(await at('boleto')).toMatchObject({ queueId: 4 });
    expect(await at('o boleto')).toMatchObject({ queueId: 3 });
    expect(await at('boletos')).toMatchObject({ queueId: 2 });
    expect(await at('oi')).toMatchObject({ queueId: 1 });
    expect(await at('boleto', false)).toMatchObject({ queueId: 5 });
  });
});

describe('actions', () => {
  const cfg = { welcomeMessage: { message: 'Bem-vindo à {{fila}}{{user}}' }, farewellMessage: { message: 'Tchau {{name}}' } };
  const flow = flowOf(
    [
      {
        id: 's1',
        interactions: [text('Olá {{name}}')],
        conditions: [
          cond('R', ['0'], 0, { nextStepId: 's2' }),
          cond('R', ['1'], 1, { queueId: 7 }),
          cond('R', ['2'], 2, { userIdDestination: 9 }),
          cond('R', ['3'], 3, { message: 'Encerrando' }),
        ],
      },
      { id: 's2', interactions: [text('Passo 2')] },
    ],
    cfg,
  );
  it.each([
    { answer: '0', outcome: null, said: ['Passo 2'], step: 's2', logs: [] },
    { answer: '1', outcome: { kind: 'queue', queueId: 7, userId: null }, said: ['Bem-vindo à Fila 7'], step: null, logs: ['queue'] },
    { answer: '2', outcome: { kind: 'user', userId: 9 }, said: ['Bem-vindo à AtualAgente 9'], step: null, logs: ['userDefine'] },
    { answer: '3', outcome: { kind: 'close' }, said: ['Encerrando', 'Tchau Ana'], step: null, logs: [] },
  ])('answer $answer', async ({ answer, outcome, said, step, logs }) => {
    const { turns, last } = await converse(flow, testPorts(), [answer]);
    expect(bodies(turns[0]!)).toEqual(['Olá Ana']);
    expect(last.outcome).toEqual(outcome);
    expect(bodies(last)).toEqual(said);
    expect(last.state?.stepId ?? null).toBe(step);
    expect(last.effects.logs.map((l) => l.type)).toEqual(logs);
  });

  it('close words close from any step, with the farewell', async () => {
    const f = flowOf([{ id: 's1', conditions: [cond('US', [], 0, { nextStepId: 's1' })] }], {
      ...cfg,
      answerCloseTicket: 'sair, encerrar',
    });
    const { last } = await converse(f, testPorts(), ['Encerrar']);
    expect(last.outcome).toEqual({ kind: 'close' });
    expect(bodies(last)).toEqual(['Tchau Ana']);
    expect(last.trace[0]!.kind).toBe('closeWord');
  });
});

describe('retries', () => {
  const step = { id: 's1', interactions: [text('Menu')], conditions: [cond('R', ['1'], 1, { queueId: 1 })] };
  it.each([
    { type: 1, destiny: 5, outcome: { kind: 'queue', queueId: 5, userId: null }, log: 'retriesLimitQueue' },
    { type: 2, destiny: 6, outcome: { kind: 'user', userId: 6 }, log: 'retriesLimitUserDefine' },
  ])('the limit sends the ticket to type $type', async ({ type, destiny, outcome, log }) => {
    const flow = flowOf([step], {
      notOptionsSelectMessage: { message: 'Não entendi', stepReturn: 'A' },
      maxRetryBotMessage: { number: 3, type, destiny },
    });
    const { turns, last } = await converse(flow, testPorts(), ['x', 'y', 'z']);
    expect(bodies(turns[1]!)).toEqual(['Não entendi', 'Menu']);
    expect(turns[2]!.state?.retries).toBe(2);
    expect(last.outcome).toEqual(outcome);
    expect(last.effects.logs.map((l) => l.type)).toEqual([log]);
    expect(last.trace.map((t) => t.kind)).toEqual(['retriesLimit']);
  });

  it('stepReturn S goes back to the first step; an empty destiny never ends the retries', async () => {
    const flow = flowOf(
      [
        { id: 's0', interactions: [text('Início')], conditions: [cond('US', [], 0, { nextStepId: 's1' })] },
        step,
      ],
      { notOptionsSelectMessage: { message: '?', stepReturn: 'S' }, maxRetryBotMessage: { number: 1, type: 1, destiny: '' } },
    );
    const { last } = await converse(flow, testPorts(), ['vai', 'x']);
    expect(bodies(last)).toEqual(['?', 'Início']);
    expect(last.state?.stepId).toBe('s0');
    expect(last.outcome).toBeNull();
  });
});

describe('time without answer (injected clock)', () => {
  const flow = flowOf([{ id: 's1', interactions: [text('Oi')], conditions: [cond('US', [], 0, { nextStepId: 's1' })] }], {
    notResponseMessage: { time: 5, type: 3, destiny: '', message: 'Sem resposta' },
    farewellMessage: { message: 'Até' },
  });
  it('fires only once the time ran out, then goes where it says', async () => {
    const ports = testPorts();
    const started = await runTurn(flow, null, { kind: 'start' }, ports);
    expect(started.state?.dueAt).toBe(new Date(ports.clock.at.getTime() + 5 * 60_000).toISOString());
    ports.clock.at = new Date(ports.clock.at.getTime() + 4 * 60_000);
    const early = await runTurn(flow, started.state, { kind: 'noResponse' }, ports);
    expect(early.replies).toEqual([]);
    expect(early.state).toEqual(started.state);
    ports.clock.at = new Date(ports.clock.at.getTime() + 60_000);
    const late = await runTurn(flow, started.state, { kind: 'noResponse' }, ports);
    expect(bodies(late)).toEqual(['Sem resposta', 'Até']);
    expect(late.outcome).toEqual({ kind: 'close' });
    expect(late.trace[0]!.kind).toBe('noResponse');
  });
});

describe('outside business hours, in the tenant time zone', () => {
  // Monday 14:00 UTC: 11:00 in São Paulo (open), 23:00 in Tokyo (closed).
  const at = new Date('2026-03-02T14:00:00Z');
  const flow = flowOf([{ id: 's1', interactions: [text('Menu')], conditions: [cond('US', [], 1, { queueId: 2 })] }], {
    outOpenHours: { type: 1, destiny: 3 },
  });
  it.each([
    { tz: 'America/Sao_Paulo', outcome: null, said: ['Menu'] },
    { tz: 'Asia/Tokyo', outcome: { kind: 'queue', queueId: 3, userId: null }, said: [] },
  ])('$tz', async ({ tz, outcome, said }) => {
    const ports = testPorts({ at, open: (d) => isWithinBusinessHours(DEFAULT_BUSINESS_HOURS, tz, d) });
    const first = await runTurn(flow, null, { kind: 'start' }, ports);
    expect(first.outcome).toEqual(outcome);
    expect(bodies(first)).toEqual(said);
  });
});

describe('interactions', () => {
  it('runs top to bottom: delay, tag, CRM lane, webhook mapping into variables, buttons and list', async () => {
    const flow = flowOf([
      {
        id: 's1',
        interactions: [
          { id: 'w', type: 'WebhookField', data: { webhook: { method: 'POST', url: 'https://api.example.com/{{name}}', body: '{"n":"{{name}}"}', mapping: [{ path: 'data.order.0.status', variable: 'status' }] } } },
          text('Pedido: {{status}}'),
          { id: 'd', type: 'DelayField', data: { seconds: 3 } },
          { id: 't', type: 'TagField', data: { tagId: 12 } },
          { id: 'crm', type: 'CrmLaneField', data: { laneId: 7 } },
          { id: 'b', type: 'ButtonsField', data: { message: 'Escolha', buttons: [{ label: 'Sim' }, { label: 'Não' }] } },
          { id: 'l', type: 'ListField', data: { message: 'Lista', buttonText: 'Ver', rows: [{ label: 'A' }, { label: 'B', description: 'bb' }] } },
        ],
        conditions: [cond('R', ['Não'], 1, { queueId: 3 })],
      },
    ]);
    const ports = testPorts({ webhook: () => ({ ok: true, status: 200, json: { data: { order: [{ status: 'enviado' }] } } }) });
    const { turns, last } = await converse(flow, ports, ['2']);
    expect(ports.calls[0]).toMatchObject({ url: 'https://api.example.com/Ana', body: '{"n":"Ana"}', method: 'POST' });
    expect(ports.tagged).toEqual([12]);
    expect(ports.laned).toEqual([7]);
    expect(turns[0]!.state?.variables).toEqual({ status: 'enviado' });
    expect(ports.sent.map((s) => s.delay)).toEqual([0, 3, 3]);
    expect(turns[0]!.replies[1]).toEqual({ kind: 'buttons', body: 'Escolha', buttons: ['Sim', 'Não'] });
    expect(numberedText(turns[0]!.replies[2]!)).toBe('Lista\n\n1 - A\n2 - B');
    expect(last.outcome).toMatchObject({ queueId: 3 });
  });
});

describe('the Izing export fixture', () => {
  const raw = JSON.parse(readFileSync(new URL('../../chat-flows/fixtures/izing-export.json', import.meta.url), 'utf8'));
  const imported = ZChatFlowImport.parse(raw);
  const flow = ZFlowGraph.parse({ nodeList: imported.nodeList, lineList: imported.lineList });
  it.each([
    { answers: ['2'], outcome: { kind: 'queue', queueId: 1, userId: null }, last: ['Olá Ana, você será atendido em instantes.'] },
    { answers: ['3', '2'], outcome: { kind: 'user', userId: 2 }, last: ['Olá Ana, você será atendido em instantes.'] },
    { answers: ['1', '5'], outcome: { kind: 'queue', queueId: 2, userId: null }, last: ['Olá Ana, você será atendido em instantes.'] },
    { answers: ['1', '1', 'ok', 'não quero'], outcome: { kind: 'close' }, last: ['Até a próxima!', 'Atendimento encerrado. Obrigado por falar com a gente!'] },
    { answers: ['x', 'y', 'z'], outcome: { kind: 'user', userId: 2 }, last: ['Olá Ana, você será atendido em instantes.'] },
    { answers: ['quero um atendente'], outcome: null, last: ['Certo! Digite qualquer mensagem para ser transferido.'] },
    { answers: ['sair'], outcome: { kind: 'close' }, last: ['Atendimento encerrado. Obrigado por falar com a gente!'] },
  ])('$answers', async ({ answers, outcome, last }) => {
    const r = await converse(flow, testPorts(), answers);
    expect(bodies(r.turns[0]!)[1]).toBe('Como podemos ajudar?\n\n1 - Financeiro\n2 - Vendas\n3 - Suporte técnico\n4 - Falar com atendente');
    expect(r.last.outcome).toEqual(outcome);
    expect(bodies(r.last)).toEqual(last);
  });
  it('outside hours the step routes to its out-of-hours step', async () => {
    const r = await converse(flow, testPorts({ open: () => false }), ['2']);
    expect(r.last.state?.stepId).toBe('nodeForaHorario');
  });
});
