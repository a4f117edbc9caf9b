import type { FlowGraph } from '@prosa/contracts';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  type Connection,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../shared/i18n/i18n';
import { notifyNotice } from '../../../shared/ui/notify';
import { V } from '@prosa/contracts';
import { connect, moveNode, removeLine, removeSteps, toCanvas, type CanvasNode, type CanvasView } from './graph';
import { nodeTypes } from './flow-nodes';

interface Props {
  graph: FlowGraph;
  view: CanvasView;
  onChange: (graph: FlowGraph) => void;
  onSelect: (id: string | null) => void;
}

type Size = { width?: number; height?: number };

/**
 * The canvas: React Flow over the graph. Nodes are derived from the graph on every change, with
 * the sizes React Flow measured kept aside (so it does not measure again) and a node's position
 * during a drag kept aside too: only the drop is one change (one undo step, one save).
 */
export function FlowCanvas({ graph, view, onChange, onSelect }: Props) {
  const { t } = useTranslation();
  const sizes = useRef(new Map<string, Size>());
  const [measuredTick, setMeasuredTick] = useState(0);
  const [dragging, setDragging] = useState<Record<string, { x: number; y: number }>>({});
  const [selectedEdges, setSelectedEdges] = useState<Set<string>>(new Set());

  const { nodes, edges } = useMemo(() => {
    const canvas = toCanvas(graph, view);
    void measuredTick;
    return {
      nodes: canvas.nodes.map((n) => ({
        ...n,
        position: dragging[n.id] ?? n.position,
        measured: sizes.current.get(n.id),
      })),
      edges: canvas.edges.map((e) => ({ ...e, selected: selectedEdges.has(e.id) })),
    };
  }, [graph, view, dragging, measuredTick, selectedEdges]);

  const onNodesChange = (changes: NodeChange<CanvasNode>[]) => {
    let next = graph;
    let measured = false;
    const drag = { ...dragging };
    let dropped = false;
    for (const c of changes) {
      if (c.type === 'dimensions' && c.dimensions) {
        sizes.current.set(c.id, c.dimensions);
        measured = true;
      } else if (c.type === 'position') {
        if (c.dragging && c.position) drag[c.id] = c.position;
        else if (!c.dragging) {
          const at = c.position ?? drag[c.id];
          if (at) next = moveNode(next, c.id, at.x, at.y);
          delete drag[c.id];
          dropped = true;
        }
      } else if (c.type === 'select') {
        if (c.selected) onSelect(c.id);
        else if (view.selectedId === c.id) onSelect(null);
      } else if (c.type === 'remove') {
        next = removeSteps(next, [c.id]);
      }
    }
    if (measured) setMeasuredTick((n) => n + 1);
    if (
      dropped ||
      Object.keys(drag).length !== Object.keys(dragging).length ||
      changes.some((c) => c.type === 'position' && c.dragging)
    )
      setDragging(drag);
    if (next !== graph) onChange(next);
  };

  const onEdgesChange = (changes: EdgeChange[]) => {
    let next = graph;
    const selected = new Set(selectedEdges);
    for (const c of changes) {
      if (c.type === 'select') {
        if (c.selected) selected.add(c.id);
        else selected.delete(c.id);
      } else if (c.type === 'remove') {
        const [from, to] = c.id.split('->');
        if (from && to) next = removeLine(next, from, to);
        selected.delete(c.id);
      }
    }
    setSelectedEdges(selected);
    if (next !== graph) onChange(next);
  };

  const onConnect = (conn: Connection) => {
    const result = connect(graph, conn.source, conn.target);
    if (result.ok) onChange(result.graph);
    // SPEC §5: said in words where the user dropped the line.
    else if (result.reason === 'selfConnection')
      notifyNotice('flow-self-connection', translateKey(V.selfConnection), 'red');
  };

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      onPaneClick={() => onSelect(null)}
      deleteKeyCode={['Backspace', 'Delete']}
      fitView
      fitViewOptions={{ maxZoom: 1 }}
      minZoom={0.2}
      maxZoom={2}
      aria-label={t('chatbot.builder.canvas')}
    >
      <Background gap={16} />
      <Controls showInteractive={false} />
      <MiniMap pannable zoomable ariaLabel={t('chatbot.builder.canvas')} />
    </ReactFlow>
  );
}
