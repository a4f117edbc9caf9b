import { FLOW_CONFIG_ID, FLOW_START_ID, ZFlowGraph, type FlowGraph } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { addStep, connect, emptyGraph, freeSpot, moveNode, newCondition, removeSteps, toCanvas, updateNode } from './graph';

/** An export of an older product: positions as "340px", unknown fields, a start line. */
const imported: FlowGraph = ZFlowGraph.parse({
  nodeList: [
    { id: 'start', type: 'start', left: '40px', top: '100px', ico: 'x' },
    { id: 'configurations', type: 'configurations', left: '40px', top: '300px', configurations: {} },
    {
      id: 'nodeA',
      type: 'node',
      name: 'Welcome',
      left: '340px',
      top: '120.6px',
      interactions: [{ id: 'i1', type: 'MessageField', data: { message: 'Hi' } }],
      conditions: [{ id: 'c1', type: 'R', condition: ['1'], action: '0', nextStepId: 'nodeB' }],
    },
    { id: 'nodeB', type: 'node', name: 'Sales', left: 640, top: 120 },
  ],
  lineList: [
    { from: 'start', to: 'nodeA' },
    { from: 'nodeA', to: 'nodeB' },
  ],
});

describe('graph <-> React Flow', () => {
  it('maps every node with its position and kind, and every line to an edge', () => {
    const { nodes, edges } = toCanvas(imported, { selectedId: 'nodeA', activeStepId: 'nodeA', firedConditionId: 'c1' });
    expect(nodes.map((n) => [n.id, n.type, n.position.x, n.position.y])).toEqual([
      ['start', 'start', 40, 100],
      ['configurations', 'configurations', 40, 300],
      ['nodeA', 'step', 340, 121],
      ['nodeB', 'step', 640, 120],
    ]);
    expect(nodes.find((n) => n.id === 'nodeA')).toMatchObject({ selected: true, deletable: true });
    expect(nodes.find((n) => n.id === 'nodeA')!.data).toMatchObject({ active: true, firedConditionId: 'c1' });
    expect(nodes.find((n) => n.id === 'nodeB')!.data).toMatchObject({ active: false });
    expect(nodes.find((n) => n.id === FLOW_START_ID)!.deletable).toBe(false);
    expect(edges.map((e) => [e.source, e.target])).toEqual([
      ['start', 'nodeA'],
      ['nodeA', 'nodeB'],
    ]);
  });

  it('writes a drag back as a rounded position and keeps the export shape valid', () => {
    const moved = moveNode(imported, 'nodeB', 700.4, 80.6);
    expect(moved.nodeList.find((n) => n.id === 'nodeB')).toMatchObject({ left: 700, top: 81 });
    expect(ZFlowGraph.safeParse(moved).success).toBe(true);
    // Round trip: the graph read back from the canvas positions is the same graph.
    const { nodes } = toCanvas(moved);
    const back = nodes.reduce((g, n) => moveNode(g, n.id, n.position.x, n.position.y), moved);
    expect(back).toEqual(moved);
  });

  it('refuses to connect an element to itself and gives start one first step', () => {
    expect(connect(imported, 'nodeA', 'nodeA')).toEqual({ ok: false, reason: 'selfConnection' });
    expect(connect(imported, 'nodeA', FLOW_CONFIG_ID)).toEqual({ ok: false, reason: 'invalid' });
    const r = connect(imported, FLOW_START_ID, 'nodeB');
    expect(r.ok && r.graph.lineList.filter((l) => l.from === FLOW_START_ID)).toEqual([{ from: 'start', to: 'nodeB' }]);
  });

  it('adds and removes steps; conditions that went to a removed step go nowhere', () => {
    const { graph, id } = addStep(emptyGraph(), 'New');
    expect(graph.nodeList.find((n) => n.id === id)).toMatchObject({ type: 'node', name: 'New', interactions: [] });
    const removed = removeSteps(imported, ['nodeB', FLOW_START_ID]);
    expect(removed.nodeList.map((n) => n.id)).toEqual(['start', 'configurations', 'nodeA']);
    expect(removed.lineList).toEqual([{ from: 'start', to: 'nodeA' }]);
    const a = removed.nodeList.find((n) => n.id === 'nodeA');
    expect(a?.type === 'node' && a.conditions[0]!.nextStepId).toBeNull();
  });

  it('puts a new step where it overlaps no node', () => {
    const g = emptyGraph(); // start at (40, 120), configurations at (40, 320)
    expect(freeSpot(g, { x: 60, y: 130 })).toEqual({ x: 320, y: 130 });
    expect(freeSpot(g, { x: 600, y: 0 })).toEqual({ x: 600, y: 0 });
    const first = addStep(g, 'A', { x: 60, y: 130 });
    const second = addStep(first.graph, 'B', { x: 60, y: 130 });
    expect(second.graph.nodeList.find((n) => n.id === second.id)).toMatchObject({ left: 580, top: 130 });
  });

  it('draws the line of a condition that goes to a step', () => {
    const { graph, id } = addStep(imported, 'Other');
    const next = updateNode(graph, 'nodeB', (n) =>
      n.type === 'node' ? { ...n, conditions: [{ ...newCondition(), action: 0, nextStepId: id }] } : n,
    );
    expect(next.lineList).toContainEqual({ from: 'nodeB', to: id });
  });
});
