import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IMAGE_URL } from '../stand-ins/typebot/bots.js';
import { RETRY_MESSAGE, startTypebotStandIn, type TypebotStandIn } from '../stand-ins/typebot/stand-in.js';
import { RetryableIntegrationError, type IntegrationConfig, type TurnContext, type TurnResult } from './driver.js';
import { testConfig, testContext } from './driver-test-support.js';
import { typebotDriver } from './typebot.js';

let typebot: TypebotStandIn;
let cfg: IntegrationConfig;
let seen = 0;

beforeAll(async () => {
  typebot = await startTypebotStandIn();
});
afterAll(() => typebot.close());
beforeEach(() => {
  cfg = testConfig('typebot', {
    url: typebot.url,
    typebotSlug: 'prosa-demo',
    delayMs: 1500,
    finishKeyword: 'sair, Tchau',
    restartKeyword: '#reiniciar',
    expiresMinutes: 30,
  });
  seen = typebot.requests().length;
});
/** The stand-in's calls made by this test. */
const calls = () => typebot.requests().slice(seen);

/** The next turn of the same ticket, a minute later, with what the driver kept. */
function next(prev: TurnResult, body: string, at = new Date('2026-11-27T12:01:00Z')): TurnContext {
  return testContext(body, { state: prev.state ?? null, first: false, now: at });
}

describe('typebot driver', () => {
  it('runs a conversation to the end: start with the prefilled variables, bubbles with the delay, buttons, continue, finish', async () => {
    const first = await typebotDriver.turn(cfg, testContext('Oi, bom dia'));
    const [start] = calls();
    expect(start!.path).toBe('/api/v1/typebots/prosa-demo/startChat');
    expect(start!.body).toMatchObject({
      message: 'Oi, bom dia',
      prefilledVariables: {
        number: '5511999990001',
        name: 'Ana',
        email: 'ana@example.com',
        ticketId: '41',
        protocol: '20261127-0041',
        firstMessage: 'Oi, bom dia',
        plan: 'gold',
      },
    });
    expect(first.replies).toEqual([
      { kind: 'text', body: 'Olá, Ana! Eu sou o bot da Padaria.' },
      { kind: 'media', mediaUrl: DEMO_IMAGE_URL, caption: '', name: 'welcome.png', type: 'image' },
      { kind: 'buttons', body: 'Você quer fazer um pedido ou falar da entrega?', buttons: ['Pedido', 'Entrega'] },
    ]);
    expect(first.delaySeconds).toBe(1.5);
    expect(first.finish).toBeUndefined();
    const sessionId = (first.state as { sessionId: string }).sessionId;
    expect(typebot.session(sessionId)?.step).toBe(0);
    expect(first.state).toMatchObject({ lastUsedAt: '2026-11-27T12:00:00.000Z', choices: ['Pedido', 'Entrega'] });

    const second = await typebotDriver.turn(cfg, next(first, 'Entrega'));
    expect(calls()[1]).toMatchObject({
      path: `/api/v1/sessions/${sessionId}/continueChat`,
      body: { message: 'Entrega' },
    });
    expect(second.replies).toEqual([{ kind: 'text', body: 'Certo: Entrega. Qual o seu bairro?' }]);
    expect(second.state).toMatchObject({ sessionId, lastUsedAt: '2026-11-27T12:01:00.000Z' });

    const third = await typebotDriver.turn(cfg, next(second, 'Centro'));
    expect(third.replies).toEqual([{ kind: 'text', body: 'Obrigado! Entregamos em Centro. Até logo!' }]);
    expect(third).toMatchObject({ finish: true, state: null });
    expect(third.handover).toBeUndefined();
    expect(typebot.session(sessionId)).toBeUndefined();
  });

  it('sends the label of a numbered answer, and relays Typebot retry message for an answer that matches no choice', async () => {
    const first = await typebotDriver.turn(cfg, testContext('Oi'));
    const retry = await typebotDriver.turn(cfg, next(first, 'talvez'));
    expect(retry.replies).toEqual([{ kind: 'buttons', body: RETRY_MESSAGE, buttons: ['Pedido', 'Entrega'] }]);
    expect(retry.finish).toBeUndefined();
    const second = await typebotDriver.turn(cfg, next(retry, '2'));
    expect(calls().at(-1)!.body).toMatchObject({ message: 'Entrega' });
    expect(second.replies).toEqual([{ kind: 'text', body: 'Certo: Entrega. Qual o seu bairro?' }]);
  });

  it('offers more than 3 choices as a list', async () => {
    const first = await typebotDriver.turn({ ...cfg, typebotSlug: 'prosa-menu' }, testContext('Oi'));
    expect(first.replies).toEqual([
      {
        kind: 'list',
        body: 'Escolha um sabor:',
        buttonText: '',
        rows: ['Chocolate', 'Morango', 'Baunilha', 'Limão', 'Coco'].map((label) => ({ label, description: '' })),
      },
    ]);
    const second = await typebotDriver.turn({ ...cfg, typebotSlug: 'prosa-menu' }, next(first, 'limão'));
    expect(second.replies).toEqual([{ kind: 'text', body: 'Ótima escolha: Limão.' }]);
    expect(second.finish).toBe(true);
  });

  it('ends the session with the finish keyword, without calling Typebot', async () => {
    const first = await typebotDriver.turn(cfg, testContext('Oi'));
    const made = calls().length;
    const out = await typebotDriver.turn(cfg, next(first, '  TCHAU '));
    expect(out).toEqual({ replies: [], state: null, finish: true });
    expect(calls()).toHaveLength(made);
  });

  it('starts a new session with the restart keyword', async () => {
    const first = await typebotDriver.turn(cfg, testContext('Oi'));
    await typebotDriver.turn(cfg, next(first, 'Pedido'));
    const again = await typebotDriver.turn(cfg, next(first, '#reiniciar'));
    const last = calls().at(-1)!;
    expect(last.path).toBe('/api/v1/typebots/prosa-demo/startChat');
    expect(last.body.message).toBeUndefined();
    expect((again.state as { sessionId: string }).sessionId).not.toBe((first.state as { sessionId: string }).sessionId);
    expect(again.replies[0]).toEqual({ kind: 'text', body: 'Olá, Ana! Eu sou o bot da Padaria.' });
  });

  it('starts a new session when the last use is older than expiresMinutes', async () => {
    const first = await typebotDriver.turn(cfg, testContext('Oi'));
    const kept = await typebotDriver.turn(cfg, next(first, 'Pedido', new Date('2026-11-27T12:29:00Z')));
    expect(calls().at(-1)!.path).toContain('/continueChat');
    const late = await typebotDriver.turn(cfg, next(kept, 'Centro', new Date('2026-11-27T13:00:00Z')));
    expect(calls().at(-1)!.path).toBe('/api/v1/typebots/prosa-demo/startChat');
    expect((late.state as { sessionId: string }).sessionId).not.toBe((first.state as { sessionId: string }).sessionId);
    // 0 minutes: the session never expires on Prosa's side.
    const never = await typebotDriver.turn(
      { ...cfg, expiresMinutes: 0 },
      next(late, 'Pedido', new Date('2027-01-01T00:00:00Z')),
    );
    expect(calls().at(-1)!.path).toContain('/continueChat');
    expect(never.replies[0]).toEqual({ kind: 'text', body: 'Certo: Pedido. Qual o seu bairro?' });
  });

  it('starts a new session when Typebot no longer knows the session (404)', async () => {
    const first = await typebotDriver.turn(cfg, testContext('Oi'));
    const old = (first.state as { sessionId: string }).sessionId;
    typebot.expireSession(old);
    const out = await typebotDriver.turn(cfg, next(first, 'Pedido'));
    expect(calls().map((c) => c.path)).toEqual([
      '/api/v1/typebots/prosa-demo/startChat',
      `/api/v1/sessions/${old}/continueChat`,
      '/api/v1/typebots/prosa-demo/startChat',
    ]);
    expect((out.state as { sessionId: string }).sessionId).not.toBe(old);
  });

  it('throws a retryable error when Typebot answers 5xx or cannot be reached', async () => {
    typebot.failNext(1, 502);
    await expect(typebotDriver.turn(cfg, testContext('Oi'))).rejects.toBeInstanceOf(RetryableIntegrationError);
    const first = await typebotDriver.turn(cfg, testContext('Oi'));
    typebot.failNext(1, 500);
    await expect(typebotDriver.turn(cfg, next(first, 'Pedido'))).rejects.toBeInstanceOf(RetryableIntegrationError);
    // The session survived: the retried turn continues it.
    const retried = await typebotDriver.turn(cfg, next(first, 'Pedido'));
    expect(retried.replies).toEqual([{ kind: 'text', body: 'Certo: Pedido. Qual o seu bairro?' }]);
    await expect(typebotDriver.turn({ ...cfg, url: 'http://127.0.0.1:9' }, testContext('Oi'))).rejects.toBeInstanceOf(
      RetryableIntegrationError,
    );
  });

  it('hands over to the transfer queue on the Chatwoot block', async () => {
    const out = await typebotDriver.turn({ ...cfg, typebotSlug: 'prosa-handover' }, testContext('Oi'));
    expect(out.replies).toEqual([{ kind: 'text', body: 'Vou chamar uma pessoa da equipe.' }]);
    expect(out).toMatchObject({ state: null, handover: { queueId: 7, reason: 'requested' } });
  });

  it('says the unknown-answer message when Typebot answers nothing', async () => {
    const silent = { ...cfg, typebotSlug: 'prosa-silent', unknownMessage: 'Não entendi, pode repetir?' };
    const first = await typebotDriver.turn(silent, testContext('Oi'));
    // The flow opens with an input: the first message answers it.
    expect(first.replies).toEqual([{ kind: 'text', body: 'Recebido: Oi' }]);
    const blank = await typebotDriver.turn({ ...silent, unknownMessage: null }, testContext(''));
    expect(blank.replies).toEqual([]);
    expect(blank.state).toMatchObject({ sessionId: expect.any(String) });
    const said = await typebotDriver.turn(silent, testContext(''));
    expect(said.replies).toEqual([{ kind: 'text', body: 'Não entendi, pode repetir?' }]);
  });

  it('hands over when the bot does not exist or the address is refused', async () => {
    const missing = await typebotDriver.turn({ ...cfg, typebotSlug: 'nope' }, testContext('Oi'));
    expect(missing).toMatchObject({ replies: [], state: null, handover: { queueId: 7, reason: 'provider-error' } });
    const refused = await typebotDriver.turn(cfg, testContext('Oi', { allowPrivate: false }));
    expect(refused.handover).toEqual({ queueId: 7, reason: 'provider-error' });
  });

  it('test() starts a chat and reports the answer', async () => {
    const good = await typebotDriver.test(cfg, new AbortController().signal, { allowPrivate: true });
    expect(good).toEqual({
      ok: true,
      status: 200,
      detail: 'Olá, ! Eu sou o bot da Padaria. | [image] | Você quer fazer um pedido ou falar da entrega?',
    });
    const bad = await typebotDriver.test({ ...cfg, typebotSlug: 'nope' }, new AbortController().signal, {
      allowPrivate: true,
    });
    expect(bad).toEqual({ ok: false, status: 404, detail: 'Typebot not found' });
    const refused = await typebotDriver.test(cfg, new AbortController().signal);
    expect(refused.ok).toBe(false);
    expect(refused.status).toBeNull();
  });
});
