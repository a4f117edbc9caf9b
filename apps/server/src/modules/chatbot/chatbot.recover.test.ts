/**
 * The recovery sweep (chatbot.recover-steps): bot work whose step job died with a process is
 * found and done once; running the sweep again sends nothing twice. The lost jobs are stood in
 * for by writing what the inbound path writes without its hook's enqueue.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, tickets } from '../../platform/db/schema.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { inbound, makeChannel, newId, phone, until } from '../messages/messages.test-support.js';
import { botSays, inTenant, makeFlow, makeQueue, setHours, ticketOf, useFlowOn } from './chatbot.test-support.js';
import { cond, flowOf, text } from './engine/engine.test-support.js';
import { recoverBotStepsJob } from './jobs/recover-bot-steps.job.js';
import { forgetBotConfig } from './tenant-bot-config.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const sweep = () => recoverBotStepsJob.handler({}, { platform: h.app.platform, attempt: 0 });
const minuteAgo = () => new Date(Date.now() - 60_000);

async function flowOn(c: Company) {
  await setHours(h, c, 'O');
  const q = await makeQueue(h, c);
  const flow = await makeFlow(
    h,
    c,
    flowOf([
      { id: 's1', interactions: [text('Passo 1')], conditions: [cond('R', ['1'], 0, { nextStepId: 's2' })] },
      { id: 's2', interactions: [text('Passo 2')], conditions: [cond('US', [], 1, { queueId: q.id })] },
    ]),
  );
  return { q, flow };
}

describe('chatbot.recover-steps', () => {
  it("answers a flow's customer message whose step was lost, once", async () => {
    const c = await h.company();
    const { flow } = await flowOn(c);
    const channel = await makeChannel(h, c, { chatFlowId: flow.id });
    const from = { number: phone(), name: 'Lia' };
    const t = (await inbound(h, c, channel, { from, body: 'oi' })).ticketId!;
    await until(() => botSays(h, c, t), (m) => m.length >= 1);
    // The answer "1" is stored, but its step job died with the process.
    await inTenant(h, c, async (s) => {
      const [first] = await s.select(messages, and(eq(messages.ticketId, t), eq(messages.fromMe, false)));
      await s.insert(messages, { ticketId: t, contactId: first!.contactId, channelId: channel.id, fromMe: false, body: '1', externalId: newId() });
      await s.update(tickets, { lastInboundAt: minuteAgo() }, eq(tickets.id, t));
    });
    await sweep();
    await until(() => botSays(h, c, t), (m) => m.length >= 2);
    expect(await ticketOf(h, c, t)).toMatchObject({ chatFlowId: flow.id, botState: { stepId: 's2' } });
    await sweep();
    await sweep();
    // Give any job the repeats queued the time to run, then count.
    await until(() => ticketOf(h, c, t), () => false, 2_000);
    expect((await botSays(h, c, t)).map((m) => m.body)).toEqual(['Passo 1', 'Passo 2']);
  });

  it("starts the flow of a new ticket whose first step was lost, once; leaves tickets of companies without a bot", async () => {
    const c = await h.company();
    const other = await h.company();
    for (const x of [c, other]) await setHours(h, x, 'O');
    const channel = await makeChannel(h, c);
    // No flow yet: the inbound hook queues no step, as if the job had been lost.
    const t = (await inbound(h, c, channel, { from: { number: phone() }, body: 'oi' })).ticketId!;
    const quiet = (await inbound(h, other, await makeChannel(h, other), { from: { number: phone() }, body: 'oi' })).ticketId!;
    const { flow } = await flowOn(c);
    await useFlowOn(h, c, channel.id, flow.id);
    await inTenant(h, c, async (s) => {
      forgetBotConfig(s);
      await s.update(tickets, { createdAt: minuteAgo() }, eq(tickets.id, t));
    });
    await inTenant(h, other, (s) => s.update(tickets, { createdAt: minuteAgo() }, eq(tickets.id, quiet)));
    expect(await botSays(h, c, t)).toEqual([]);
    await sweep();
    await until(() => botSays(h, c, t), (m) => m.length >= 1);
    expect(await ticketOf(h, c, t)).toMatchObject({ chatFlowId: flow.id, botState: { stepId: 's1' } });
    await sweep();
    await until(() => ticketOf(h, c, t), () => false, 2_000);
    expect((await botSays(h, c, t)).map((m) => m.body)).toEqual(['Passo 1']);
    expect(await botSays(h, other, quiet)).toEqual([]);
  });
});
