/**
 * The checks of a flow graph that its zod schema cannot make (SPEC §5 "Flow builder", DOMAIN.md
 * "Chatbot flows"): one start and one configurations node, unique ids, lines and conditions that
 * point at steps of the flow and never at themselves, and queues, users, tags, integrations and
 * CRM lanes of the company.
 * Every fault is answered under the path of what is wrong (`flow.nodeList.3.conditions.0.nextStepId`),
 * the way zod answers shape faults, so the builder shows it where the user typed it. An id of
 * another company counts as missing: the answer is the same as for an id that does not exist.
 */
import { FLOW_START_ID, V, type FlowGraph, type FlowNode } from '@prosa/contracts';
import { inArray } from 'drizzle-orm';
import { crmLanes, integrations, queues, tags, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

type Fields = Record<string, string>;
type Ref = { path: string; id: number | null; required: boolean };

/** The company's ids among `ids`, one query per table. */
async function existing(scope: TenantScope, table: typeof queues | typeof users | typeof tags | typeof integrations | typeof crmLanes, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set<number>();
  const rows = await scope.select(table, inArray(table.id, unique));
  return new Set(rows.map((r) => r.id));
}

/** Structure: counts of the fixed nodes, unique ids, lines and step targets. */
function checkStructure(graph: FlowGraph, at: (p: string) => string, fields: Fields) {
  const { nodeList, lineList } = graph;
  const starts = nodeList.filter((n) => n.type === 'start').length;
  const configs = nodeList.filter((n) => n.type === 'configurations').length;
  if (starts !== 1) fields[at('nodeList')] = V.flowOneStart;
  else if (configs !== 1) fields[at('nodeList')] = V.flowOneConfigurations;

  const seen = new Set<string>();
  nodeList.forEach((node, i) => {
    if (seen.has(node.id)) fields[at(`nodeList.${i}.id`)] ??= V.flowDuplicateId;
    seen.add(node.id);
  });
  const steps = new Set(nodeList.filter((n) => n.type === 'node').map((n) => n.id));

  lineList.forEach((line, k) => {
    // A line leaves the start or a step and reaches a step; the configurations node has none.
    if (line.from !== FLOW_START_ID && !steps.has(line.from)) fields[at(`lineList.${k}.from`)] = V.flowStepNotFound;
    if (!steps.has(line.to)) fields[at(`lineList.${k}.to`)] = V.flowStepNotFound;
    else if (line.from === line.to) fields[at(`lineList.${k}.to`)] = V.selfConnection;
  });

  nodeList.forEach((node, i) => {
    if (node.type !== 'node') return;
    const unique = (list: { id: string }[], what: string) => {
      const ids = new Set<string>();
      list.forEach((el, j) => {
        if (ids.has(el.id)) fields[at(`nodeList.${i}.${what}.${j}.id`)] ??= V.flowDuplicateId;
        ids.add(el.id);
      });
    };
    unique(node.interactions, 'interactions');
    unique(node.conditions, 'conditions');
    node.conditions.forEach((c, j) => {
      if (c.action !== 0) return;
      const path = at(`nodeList.${i}.conditions.${j}.nextStepId`);
      if (!c.nextStepId) fields[path] = V.required;
      else if (c.nextStepId === node.id) fields[path] = V.selfConnection;
      else if (!steps.has(c.nextStepId)) fields[path] = V.flowStepNotFound;
    });
  });
}

/** The queues, users and tags the graph names, with the path of each mention. */
function collectRefs(nodeList: FlowNode[], at: (p: string) => string) {
  const queueRefs: Ref[] = [];
  const userRefs: Ref[] = [];
  const tagRefs: Ref[] = [];
  const integrationRefs: Ref[] = [];
  const laneRefs: Ref[] = [];
  nodeList.forEach((node, i) => {
    if (node.type === 'configurations') {
      const c = node.configurations;
      const destinies = [
        ['notResponseMessage', c.notResponseMessage],
        ['maxRetryBotMessage', c.maxRetryBotMessage],
        ['outOpenHours', c.outOpenHours],
      ] as const;
      for (const [key, d] of destinies) {
        const path = at(`nodeList.${i}.configurations.${key}.destiny`);
        // An empty destiny means none (DOMAIN.md); type 3 closes and names nobody.
        if (d.type === 1) queueRefs.push({ path, id: d.destiny, required: false });
        if (d.type === 2) userRefs.push({ path, id: d.destiny, required: false });
      }
    }
    if (node.type !== 'node') return;
    node.conditions.forEach((c, j) => {
      if (c.action === 1)
        queueRefs.push({ path: at(`nodeList.${i}.conditions.${j}.queueId`), id: c.queueId, required: true });
      if (c.action === 4) {
        integrationRefs.push({ path: at(`nodeList.${i}.conditions.${j}.integrationId`), id: c.integrationId ?? null, required: true });
        if (c.queueId) queueRefs.push({ path: at(`nodeList.${i}.conditions.${j}.queueId`), id: c.queueId, required: false });
      }
      if (c.action === 2) {
        userRefs.push({
          path: at(`nodeList.${i}.conditions.${j}.userIdDestination`),
          id: c.userIdDestination,
          required: true,
        });
      }
    });
    node.interactions.forEach((it, j) => {
      if (it.type === 'TagField')
        tagRefs.push({ path: at(`nodeList.${i}.interactions.${j}.data.tagId`), id: it.data.tagId, required: true });
      if (it.type === 'CrmLaneField')
        laneRefs.push({ path: at(`nodeList.${i}.interactions.${j}.data.laneId`), id: it.data.laneId, required: true });
    });
  });
  return { queueRefs, userRefs, tagRefs, integrationRefs, laneRefs };
}

/**
 * The faults of `graph`, keyed by path under `prefix` ('flow' for a flow body, '' for an
 * import, whose nodeList is at the top). Empty: the graph is valid for this company.
 */
export async function flowGraphFaults(scope: TenantScope, graph: FlowGraph, prefix: string): Promise<Fields> {
  const at = (p: string) => (prefix ? `${prefix}.${p}` : p);
  const fields: Fields = {};
  checkStructure(graph, at, fields);
  const { queueRefs, userRefs, tagRefs, integrationRefs, laneRefs } = collectRefs(graph.nodeList, at);
  const ids = (refs: Ref[]) => refs.flatMap((r) => (r.id ? [r.id] : []));
  const [qs, us, ts, is, ls] = await Promise.all([
    existing(scope, queues, ids(queueRefs)),
    existing(scope, users, ids(userRefs)),
    existing(scope, tags, ids(tagRefs)),
    existing(scope, integrations, ids(integrationRefs)),
    existing(scope, crmLanes, ids(laneRefs)),
  ]);
  const check = (refs: Ref[], found: Set<number>, missing: string) => {
    for (const r of refs) {
      if (r.id === null) {
        if (r.required) fields[r.path] = V.required;
      } else if (!found.has(r.id)) fields[r.path] = missing;
    }
  };
  check(queueRefs, qs, V.flowQueueNotFound);
  check(userRefs, us, V.flowUserNotFound);
  check(tagRefs, ts, V.flowTagNotFound);
  check(integrationRefs, is, V.flowIntegrationNotFound);
  check(laneRefs, ls, V.flowLaneNotFound);
  return fields;
}

/** Throws ERR_VALIDATION with the faults of `graph`, if any. */
export async function assertValidFlowGraph(scope: TenantScope, graph: FlowGraph, prefix: string): Promise<void> {
  const fields = await flowGraphFaults(scope, graph, prefix);
  if (Object.keys(fields).length > 0) throw new AppError('ERR_VALIDATION', fields);
}
