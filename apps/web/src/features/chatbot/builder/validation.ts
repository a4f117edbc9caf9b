import { V, ZFlowGraph, type FlowGraph } from '@prosa/contracts';

/**
 * The builder's faults, keyed by a path that survives edits: node, interaction and condition
 * indices become their ids (`step1.conditions.cond3.nextStepId`), a line becomes `lines.a->b`.
 * Local faults come from the contract's zod schema (the one the server validates with) plus the
 * rules the server checks on references; the server's ERR_VALIDATION `fields`
 * (`flow.nodeList.3.conditions.0.nextStepId`) are turned into the same keys, so each fault is
 * shown on the step and the input where the user types.
 */
export type FlowErrors = Record<string, string>;

type Segment = string | number | symbol;

/** An index path of the graph (as zod and the server give it) as a stable key; null if unknown. */
export function stableKey(graph: FlowGraph, path: readonly Segment[]): string | null {
  const [root, index, ...rest] = path;
  if (root === 'lineList') {
    const line = graph.lineList[Number(index)];
    return line ? `lines.${line.from}->${line.to}` : 'lines';
  }
  if (root !== 'nodeList') return null;
  if (index === undefined) return 'nodeList';
  const node = graph.nodeList[Number(index)];
  if (!node) return null;
  const parts: string[] = [node.id];
  const [list, itemIndex, ...tail] = rest;
  if (node.type === 'node' && (list === 'interactions' || list === 'conditions') && itemIndex !== undefined) {
    const item = node[list][Number(itemIndex)];
    parts.push(list, item ? item.id : String(itemIndex), ...tail.map(String));
  } else {
    parts.push(...rest.map(String));
  }
  return parts.filter((p) => p !== '').join('.');
}

function put(errors: FlowErrors, key: string | null, message: string) {
  if (key && !(key in errors)) errors[key] = message;
}

/** Every local fault of the graph; empty when the server would accept its shape. */
export function validateGraph(graph: FlowGraph): FlowErrors {
  const errors: FlowErrors = {};
  const parsed = ZFlowGraph.safeParse(graph);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) put(errors, stableKey(graph, issue.path), issue.message);
  }
  const steps = new Set(graph.nodeList.filter((n) => n.type === 'node').map((n) => n.id));
  graph.lineList.forEach((line) => {
    if (line.from === line.to) put(errors, `lines.${line.from}->${line.to}`, V.selfConnection);
  });
  // The same reference rules as the server (modules/chat-flows/flow-validation.ts), minus the
  // company's queue, user and tag ids, which only the server can check.
  for (const node of graph.nodeList) {
    if (node.type !== 'node') continue;
    for (const c of node.conditions) {
      const at = `${node.id}.conditions.${c.id}`;
      if (c.action === 0) {
        if (!c.nextStepId) put(errors, `${at}.nextStepId`, V.required);
        else if (c.nextStepId === node.id) put(errors, `${at}.nextStepId`, V.selfConnection);
        else if (!steps.has(c.nextStepId)) put(errors, `${at}.nextStepId`, V.flowStepNotFound);
      }
      if (c.action === 1 && !c.queueId) put(errors, `${at}.queueId`, V.required);
      if (c.action === 2 && !c.userIdDestination) put(errors, `${at}.userIdDestination`, V.required);
    }
    for (const i of node.interactions) {
      if (i.type === 'TagField' && !i.data.tagId) put(errors, `${node.id}.interactions.${i.id}.data.tagId`, V.required);
      if (i.type === 'CrmLaneField' && !i.data.laneId)
        put(errors, `${node.id}.interactions.${i.id}.data.laneId`, V.required);
    }
  }
  return errors;
}

/** The server's `fields` of an ERR_VALIDATION on PUT /chat-flow/{id} (paths under `flow.`). */
export function serverErrors(graph: FlowGraph, fields: Record<string, string> | undefined): FlowErrors {
  const errors: FlowErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const parts = path.split('.');
    const inFlow = parts[0] === 'flow' ? parts.slice(1) : parts;
    const key = stableKey(
      graph,
      inFlow.map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    );
    put(errors, key ?? path, message);
  }
  return errors;
}

/** The faults of one node (for its red border) and, with a prefix, of one field. */
export function errorsOf(errors: FlowErrors, prefix: string): FlowErrors {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k === prefix || k.startsWith(`${prefix}.`)));
}

export function errorCounts(errors: FlowErrors): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of Object.keys(errors)) {
    if (key.startsWith('lines.')) {
      const from = key.slice(6).split('->')[0] ?? '';
      counts[from] = (counts[from] ?? 0) + 1;
      continue;
    }
    const node = key.split('.')[0] ?? '';
    counts[node] = (counts[node] ?? 0) + 1;
  }
  return counts;
}

/** The first fault at or under a field key (`step1.interactions.int2.data.buttons` covers its items). */
export function fieldError(errors: FlowErrors, key: string): string | undefined {
  return errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];
}
