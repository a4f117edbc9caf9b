import { V, ZFlowGraph, type FlowGraph } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { errorCounts, fieldError, serverErrors, stableKey, validateGraph } from './validation';

const graph = (): FlowGraph =>
  ZFlowGraph.parse({
    nodeList: [
      { id: 'start', type: 'start' },
      { id: 'configurations', type: 'configurations' },
      {
        id: 'welcome',
        type: 'node',
        name: 'Welcome',
        interactions: [
          { id: 'm1', type: 'MessageField', data: { message: 'Hi' } },
          { id: 'b1', type: 'ButtonsField', data: { message: 'Pick', buttons: [{ label: 'One' }, { label: 'Two' }] } },
        ],
        conditions: [
          { id: 'c1', type: 'R', condition: ['1'], action: 1, queueId: 4 },
          { id: 'c2', type: 'R', condition: ['2'], action: 0, nextStepId: 'other' },
        ],
      },
      { id: 'other', type: 'node', name: 'Other' },
    ],
    lineList: [{ from: 'start', to: 'welcome' }],
  });

function withButtons(labels: string[]): FlowGraph {
  const g = graph();
  const step = g.nodeList[2]!;
  if (step.type !== 'node') throw new Error('fixture');
  const b = step.interactions[1]!;
  if (b.type !== 'ButtonsField') throw new Error('fixture');
  b.data.buttons = labels.map((label, i) => ({ id: `x${i}`, label }));
  return g;
}

describe('validation shown where the user types', () => {
  it('accepts a valid flow', () => {
    expect(validateGraph(graph())).toEqual({});
  });

  it('SPEC §5: a button message needs 2 to 3 buttons, keyed on the interaction by id', () => {
    expect(validateGraph(withButtons(['Only']))).toEqual({ 'welcome.interactions.b1.data.buttons': V.flowButtons });
    expect(validateGraph(withButtons(['a', 'b', 'c', 'd']))).toEqual({
      'welcome.interactions.b1.data.buttons': V.flowButtons,
    });
    expect(validateGraph(withButtons(['a', '']))).toEqual({ 'welcome.interactions.b1.data.buttons.1.label': V.required });
    expect(fieldError(validateGraph(withButtons(['a', ''])), 'welcome.interactions.b1.data.buttons')).toBe(V.required);
  });

  it('a line from an element to itself, conditions without a destination, a tag or CRM lane not picked', () => {
    const g = graph();
    g.lineList.push({ from: 'other', to: 'other' });
    const step = g.nodeList[2]!;
    if (step.type !== 'node') throw new Error('fixture');
    step.conditions[0]!.queueId = null;
    step.conditions[1]!.nextStepId = 'gone';
    step.conditions.push({ id: 'c3', type: 'Contain', condition: ['x'], action: 2, nextStepId: null, queueId: null, userIdDestination: null });
    step.conditions.push({ id: 'c4', type: 'US', condition: [], action: 0, nextStepId: 'welcome', queueId: null, userIdDestination: null });
    step.interactions.push({ id: 't1', type: 'TagField', data: { tagId: null } });
    step.interactions.push({ id: 'l1', type: 'CrmLaneField', data: { laneId: null } });
    expect(validateGraph(g)).toEqual({
      'lines.other->other': V.selfConnection,
      'welcome.conditions.c1.queueId': V.required,
      'welcome.conditions.c2.nextStepId': V.flowStepNotFound,
      'welcome.conditions.c3.userIdDestination': V.required,
      'welcome.conditions.c4.nextStepId': V.selfConnection,
      'welcome.interactions.t1.data.tagId': V.required,
      'welcome.interactions.l1.data.laneId': V.required,
    });
    expect(errorCounts(validateGraph(g))).toEqual({ other: 1, welcome: 6 });
  });

  it("turns the server's index paths into the same keys", () => {
    const g = graph();
    expect(
      serverErrors(g, {
        'flow.nodeList.2.conditions.0.queueId': 'validation.invalidValue',
        'flow.nodeList.2.interactions.1.data.buttons': V.flowButtons,
        'flow.lineList.0.to': V.invalidValue,
        'name': V.required,
      }),
    ).toEqual({
      'welcome.conditions.c1.queueId': 'validation.invalidValue',
      'welcome.interactions.b1.data.buttons': V.flowButtons,
      'lines.start->welcome': V.invalidValue,
      name: V.required,
    });
    expect(stableKey(g, ['nodeList', 1, 'configurations', 'notResponseMessage', 'time'])).toBe(
      'configurations.configurations.notResponseMessage.time',
    );
  });
});
