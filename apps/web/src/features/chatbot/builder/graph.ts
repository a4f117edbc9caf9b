import {
  FLOW_CONFIG_ID,
  FLOW_START_ID,
  ZFlowConfigurations,
  type FlowCondition,
  type FlowGraph,
  type FlowInteraction,
  type FlowNode,
  type FlowStep,
} from '@prosa/contracts';
import type { Edge, Node } from '@xyflow/react';

/**
 * The flow graph (the DOMAIN.md export shape, which the server stores) is the builder's one
 * source of truth; React Flow's nodes and edges are derived from it on every render, and what the
 * user does on the canvas (drag, connect, delete) is written back into the graph. That keeps undo,
 * autosave and the simulator working on exactly what is exported.
 */
export type StepNodeKind = 'start' | 'configurations' | 'step';

export interface CanvasNodeData extends Record<string, unknown> {
  node: FlowNode;
  /** The step the simulator is on / the condition that fired last (ids are unique in a flow). */
  active: boolean;
  firedConditionId: string | null;
  /** How many validation faults this node has (shown as a red border and a count). */
  errorCount: number;
  stepNames: Record<string, string>;
}
export type CanvasNode = Node<CanvasNodeData, StepNodeKind>;

export interface CanvasView {
  selectedId: string | null;
  activeStepId: string | null;
  firedConditionId: string | null;
  errorCounts: Record<string, number>;
}

const EMPTY_VIEW: CanvasView = { selectedId: null, activeStepId: null, firedConditionId: null, errorCounts: {} };

export const edgeId = (from: string, to: string) => `${from}->${to}`;

function kindOf(node: FlowNode): StepNodeKind {
  return node.type === 'node' ? 'step' : node.type;
}

export function stepNames(graph: FlowGraph): Record<string, string> {
  return Object.fromEntries(graph.nodeList.filter((n) => n.type === 'node').map((n) => [n.id, n.name || n.id]));
}

export function toCanvas(graph: FlowGraph, view: Partial<CanvasView> = {}): { nodes: CanvasNode[]; edges: Edge[] } {
  const v = { ...EMPTY_VIEW, ...view };
  const names = stepNames(graph);
  const nodes: CanvasNode[] = graph.nodeList.map((node) => ({
    id: node.id,
    type: kindOf(node),
    position: { x: node.left, y: node.top },
    selected: node.id === v.selectedId,
    // The start and configurations nodes are fixed parts of every flow (DOMAIN.md).
    deletable: node.type === 'node',
    data: {
      node,
      active: node.id === v.activeStepId,
      firedConditionId: v.firedConditionId,
      errorCount: v.errorCounts[node.id] ?? 0,
      stepNames: names,
    },
  }));
  const edges: Edge[] = graph.lineList.map((line) => ({
    id: edgeId(line.from, line.to),
    source: line.from,
    target: line.to,
    // The first step's line stands out by its colour, not by an endless animation (the a11y
    // check waits for animations to end, and motion distracts).
    style: line.from === FLOW_START_ID ? { stroke: 'var(--mantine-color-teal-6)', strokeWidth: 2 } : undefined,
  }));
  return { nodes, edges };
}

/** A node was dragged: its new position, rounded as the export keeps it. */
export function moveNode(graph: FlowGraph, id: string, x: number, y: number): FlowGraph {
  return {
    ...graph,
    nodeList: graph.nodeList.map((n) => (n.id === id ? { ...n, left: Math.round(x), top: Math.round(y) } : n)),
  };
}

export type ConnectResult = { ok: true; graph: FlowGraph } | { ok: false; reason: 'selfConnection' | 'invalid' };

/**
 * SPEC §5: an element cannot connect to itself. The start node has one line (the flow's first
 * step), the configurations node none; a repeated line is ignored.
 */
export function connect(graph: FlowGraph, from: string, to: string): ConnectResult {
  if (from === to) return { ok: false, reason: 'selfConnection' };
  const ids = new Set(graph.nodeList.map((n) => n.id));
  if (!ids.has(from) || !ids.has(to)) return { ok: false, reason: 'invalid' };
  if (from === FLOW_CONFIG_ID || to === FLOW_CONFIG_ID || to === FLOW_START_ID) return { ok: false, reason: 'invalid' };
  if (graph.lineList.some((l) => l.from === from && l.to === to)) return { ok: true, graph };
  const others = from === FLOW_START_ID ? graph.lineList.filter((l) => l.from !== FLOW_START_ID) : graph.lineList;
  return { ok: true, graph: { ...graph, lineList: [...others, { from, to }] } };
}

export function removeLine(graph: FlowGraph, from: string, to: string): FlowGraph {
  return { ...graph, lineList: graph.lineList.filter((l) => !(l.from === from && l.to === to)) };
}

/** Removes steps with their lines; conditions that went to them go nowhere (validation shows it). */
export function removeSteps(graph: FlowGraph, ids: readonly string[]): FlowGraph {
  const gone = new Set(ids.filter((id) => id !== FLOW_START_ID && id !== FLOW_CONFIG_ID));
  if (gone.size === 0) return graph;
  return {
    nodeList: graph.nodeList
      .filter((n) => !gone.has(n.id))
      .map((n) =>
        n.type === 'node'
          ? {
              ...n,
              conditions: n.conditions.map((c) => (c.nextStepId && gone.has(c.nextStepId) ? { ...c, nextStepId: null } : c)),
            }
          : n,
      ),
    lineList: graph.lineList.filter((l) => !gone.has(l.from) && !gone.has(l.to)),
  };
}

let counter = 0;
/** Ids unique within a flow, short like the older products' ("nodeC", random strings). */
export function newId(prefix: string): string {
  counter = (counter + 1) % 1_000;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}`;
}

/** Roughly a node's size on the canvas, to keep a new step off the others. */
const NODE_W = 260;
const NODE_H = 140;

/** The first spot at or right of `at` (then below) that overlaps no node. */
export function freeSpot(graph: FlowGraph, at: { x: number; y: number }): { x: number; y: number } {
  const taken = (x: number, y: number) =>
    graph.nodeList.some((n) => Math.abs(n.left - x) < NODE_W && Math.abs(n.top - y) < NODE_H);
  for (let row = 0; row < 20; row++) {
    for (let col = 0; col < 4; col++) {
      const x = at.x + col * NODE_W;
      const y = at.y + row * NODE_H;
      if (!taken(x, y)) return { x, y };
    }
  }
  return at;
}

export function addStep(graph: FlowGraph, name: string, at?: { x: number; y: number }): { graph: FlowGraph; id: string } {
  const id = newId('step');
  const spot = freeSpot(graph, at ?? { x: 320, y: 80 });
  const step: FlowStep = {
    id,
    type: 'node',
    name,
    left: Math.round(spot.x),
    top: Math.round(spot.y),
    interactions: [],
    conditions: [],
    actions: [],
  };
  return { graph: { ...graph, nodeList: [...graph.nodeList, step] }, id };
}

export function updateNode(graph: FlowGraph, id: string, patch: (node: FlowNode) => FlowNode): FlowGraph {
  let lineList = graph.lineList;
  const nodeList = graph.nodeList.map((n) => {
    if (n.id !== id) return n;
    const next = patch(n);
    // A condition that goes to a step draws its line, so the canvas shows where routing leads.
    if (next.type === 'node') {
      for (const c of next.conditions) {
        if (c.action === 0 && c.nextStepId && c.nextStepId !== id && !lineList.some((l) => l.from === id && l.to === c.nextStepId))
          lineList = [...lineList, { from: id, to: c.nextStepId }];
      }
    }
    return next;
  });
  return { nodeList, lineList };
}

export function emptyGraph(): FlowGraph {
  return {
    nodeList: [
      { id: FLOW_START_ID, type: 'start', name: '', left: 40, top: 120 },
      { id: FLOW_CONFIG_ID, type: 'configurations', name: '', left: 40, top: 320, configurations: ZFlowConfigurations.parse({}) },
    ],
    lineList: [],
  };
}

export function newInteraction(type: FlowInteraction['type']): FlowInteraction {
  const id = newId('int');
  switch (type) {
    case 'MessageField':
      return { id, type, data: { message: '' } };
    case 'MessageOptionsField':
      return { id, type, data: { message: '', values: [] } };
    case 'MediaField':
      return { id, type, data: { mediaUrl: '', caption: '', name: '', type: '', ext: '' } };
    case 'WebhookField':
      return { id, type, data: { webhook: { method: 'POST', url: '', headers: [], body: '', mapping: [] } } };
    case 'DelayField':
      return { id, type, data: { seconds: 1 } };
    case 'TagField':
      return { id, type, data: { tagId: null } };
    case 'CrmLaneField':
      return { id, type, data: { laneId: null } };
    case 'ButtonsField':
      return {
        id,
        type,
        data: { message: '', buttons: [{ id: newId('btn'), label: '' }, { id: newId('btn'), label: '' }] },
      };
    case 'ListField':
      return { id, type, data: { message: '', buttonText: '', rows: [{ id: newId('row'), label: '', description: '' }] } };
  }
}

export function newCondition(): FlowCondition {
  return { id: newId('cond'), type: 'R', condition: [], action: 0, nextStepId: null, queueId: null, userIdDestination: null };
}
