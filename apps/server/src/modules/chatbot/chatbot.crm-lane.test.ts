/**
 * CRM lanes in the chatbot on a real server: a flow's "move contact to a CRM lane" interaction puts
 * the contact on the lane, and the lane's flow then heads the precedence for the contact's next
 * ticket (DOMAIN.md "Chatbot flows"), before the channel's flow.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientId, say, visitor, webchatChannel } from '../../channels/testing/webchat.test-support.js';
import { contacts, crmLanes, tickets } from '../../platform/db/schema.js';
import { startHarness, type Harness } from '../../test/harness.js';
import { moveContactToLane } from '../kanban/commands/move-contact.js';
import { until } from '../messages/messages.test-support.js';
import { botSays, inTenant, makeFlow, setHours, useFlowOn } from './chatbot.test-support.js';
import { cond, flowOf, text } from './engine/engine.test-support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('CRM lanes in the chatbot', () => {
  it("the flow moves the contact to a lane, and the lane's flow runs first on its next ticket", async () => {
    const c = await h.company();
    await setHours(h, c, 'O');
    const laneFlow = await makeFlow(h, c, flowOf([{ id: 'l1', interactions: [text('Fluxo da etapa')] }]));
    const lane = await inTenant(h, c, (s) =>
      s.insert(crmLanes, { name: 'Qualificado', color: '#1971c2', flowId: laneFlow.id }),
    );
    const other = await inTenant(h, c, (s) => s.insert(crmLanes, { name: 'Outra', color: '#000000' }));
    const channelFlow = await makeFlow(
      h,
      c,
      flowOf([
        {
          id: 's1',
          interactions: [text('Bem-vindo'), { id: 'm', type: 'CrmLaneField', data: { laneId: lane.id } }],
          conditions: [cond('US', [], 3)],
        },
      ]),
    );
    const channel = await webchatChannel(h, c);
    await useFlowOn(h, c, channel.id, channelFlow.id);
    const v = await visitor(h, channel.token!, { name: 'Ana' });
    expect((await say(h, channel.token!, v, 'oi', clientId())).status).toBeLessThan(300);
    const [first] = await until(() => inTenant(h, c, (s) => s.select(tickets)), (l) => l.length === 1);
    await until(() => botSays(h, c, first!.id), (m) => m.length >= 1);
    expect((await botSays(h, c, first!.id)).map((m) => m.body)).toEqual(['Bem-vindo']);
    const contact = await inTenant(h, c, (s) => s.first(contacts, eq(contacts.id, first!.contactId)));
    expect(contact?.crmLaneId).toBe(lane.id);

    // The contact's next ticket: the lane's flow, not the channel's.
    await inTenant(h, c, (s) => s.update(tickets, { status: 'closed', chatFlowId: null, botState: null }, eq(tickets.id, first!.id)));
    await say(h, channel.token!, v, 'voltei', clientId());
    const all = await until(() => inTenant(h, c, (s) => s.select(tickets)), (l) => l.length === 2);
    const second = all.find((t) => t.id !== first!.id)!;
    const said = await until(() => botSays(h, c, second.id), (m) => m.length >= 1);
    expect(said.map((m) => m.body)).toEqual(['Fluxo da etapa']);
    expect((await inTenant(h, c, (s) => s.first(tickets, eq(tickets.id, second.id))))?.chatFlowId).toBe(laneFlow.id);

    // A contact with the CRM disabled is not moved by a flow; nor to a lane deleted since.
    await inTenant(h, c, (s) => s.update(contacts, { disableCrm: true }, eq(contacts.id, contact!.id)));
    expect(await inTenant(h, c, (s) => moveContactToLane(s, contact!.id, other.id))).toBe(false);
    await inTenant(h, c, (s) => s.update(contacts, { disableCrm: false }, eq(contacts.id, contact!.id)));
    expect(await inTenant(h, c, (s) => moveContactToLane(s, contact!.id, 2_000_000_000))).toBe(false);
    expect((await inTenant(h, c, (s) => s.first(contacts, eq(contacts.id, contact!.id))))?.crmLaneId).toBe(lane.id);
    expect(await inTenant(h, c, (s) => moveContactToLane(s, contact!.id, other.id))).toBe(true);
  });
});
