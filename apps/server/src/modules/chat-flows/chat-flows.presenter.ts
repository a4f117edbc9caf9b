import type { ChatFlow, ChatFlowExport, ChatFlowKeyword, ChatFlowSummary, FlowGraph } from '@prosa/contracts';
import type { chatFlowKeywords } from '../../platform/db/schema.js';
import type { ChatFlowRow } from './chat-flows.queries.js';

export function presentChatFlow(row: ChatFlowRow): ChatFlow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    availableForTransfer: row.availableForTransfer,
    availableInCrm: row.availableInCrm,
    testNumber: row.testNumber,
    flow: row.flow,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentChatFlowSummary(row: ChatFlowRow): ChatFlowSummary {
  const { flow, ...rest } = presentChatFlow(row);
  return { ...rest, stepCount: flow.nodeList.filter((n) => n.type === 'node').length };
}

/**
 * The export file in the older products' shape (DOMAIN.md): positions as "NNNpx" strings, which
 * their builders need and our import reads back as numbers, so export -> import is lossless.
 */
export function exportChatFlow(row: ChatFlowRow): ChatFlowExport {
  const graph: FlowGraph = row.flow;
  return {
    name: row.name,
    description: row.description,
    nodeList: graph.nodeList.map((node) => ({ ...node, left: `${node.left}px`, top: `${node.top}px` })),
    lineList: graph.lineList.map((l) => ({ from: l.from, to: l.to })),
  };
}

/** A file name for the export: the flow's name in plain letters. */
export function exportFileName(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${plain || 'chat-flow'}.json`;
}

export function presentKeyword(row: typeof chatFlowKeywords.$inferSelect): ChatFlowKeyword {
  return {
    id: row.id,
    keyword: row.keyword,
    chatFlowId: row.chatFlowId,
    channelId: row.channelId,
    isActive: row.isActive,
  };
}
