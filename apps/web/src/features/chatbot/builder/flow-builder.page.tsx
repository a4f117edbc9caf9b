import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  ScrollArea,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { BotState, BotTrace, ChatFlow, FlowGraph } from '@prosa/contracts';
import { FLOW_CONFIG_ID } from '@prosa/contracts';
import { IconArrowBackUp, IconArrowForwardUp, IconChevronLeft, IconPlus } from '@tabler/icons-react';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useErrorMessage } from '../../../shared/errors/use-error-message';
import { ErrorBlock, LoadingBlock } from '../../../shared/ui/query-state';
import { useChatFlow, useUpdateChatFlow } from '../api/use-chat-flows';
import { FLOWS_PATH } from '../paths';
import { SimulatorPanel } from '../simulator/simulator-panel';
import { highlightOf } from '../simulator/trace';
import { ConfigPanel } from './config-panel';
import { useFaultText } from './fault-text';
import { FlowCanvas } from './flow-canvas';
import { addStep, removeSteps, stepNames, updateNode } from './graph';
import { canRedo, canUndo, createHistory, historyKey, record, redo, undo, type History } from './history';
import { FlowRefsProvider } from './refs';
import { StepPanel } from './step-panel';
import { useAutosave, type SaveState } from './use-autosave';
import { errorCounts, validateGraph } from './validation';

const SAVE_COLORS: Record<SaveState, string> = {
  saved: 'teal',
  pending: 'gray',
  saving: 'blue',
  invalid: 'orange',
  error: 'red',
};

/** /chat-flow/builder?flowId=N */
export function FlowBuilderPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('flowId') ?? 0);
  const flow = useChatFlow(id);
  // Without a flow to open, the list is where one is chosen.
  if (!(id > 0)) return <Navigate to={FLOWS_PATH} replace />;
  if (flow.isPending) return <LoadingBlock />;
  if (flow.isError) return <ErrorBlock error={flow.error} onRetry={() => void flow.refetch()} />;
  return (
    <FlowRefsProvider>
      <ReactFlowProvider>
        <Builder key={flow.data.id} flow={flow.data} />
      </ReactFlowProvider>
    </FlowRefsProvider>
  );
}

function Builder({ flow }: { flow: ChatFlow }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const update = useUpdateChatFlow();
  const flowView = useReactFlow();
  const canvasBox = useRef<HTMLDivElement>(null);
  const [history, setHistory] = useState<History<FlowGraph>>(() => createHistory(flow.flow));
  const graph = history.present;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('edit');
  const [highlight, setHighlight] = useState<{ stepId: string | null; conditionId: string | null }>({
    stepId: null,
    conditionId: null,
  });

  const localFaults = useMemo(() => validateGraph(graph), [graph]);
  const localCount = Object.keys(localFaults).length;
  const save = useCallback(
    (g: FlowGraph) => update.mutateAsync({ id: flow.id, values: { flow: g } }),
    [update, flow.id],
  );
  const autosave = useAutosave(graph, localCount, save);
  const faults = useMemo(() => ({ ...autosave.serverFaults, ...localFaults }), [autosave.serverFaults, localFaults]);
  const fault = useFaultText(faults);

  const change = useCallback(
    (next: FlowGraph, group?: string) => setHistory((h) => record(h, next, group || null)),
    [],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = historyKey(e);
      if (!action) return;
      e.preventDefault();
      setHistory((h) => (action === 'undo' ? undo(h) : redo(h)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const view = useMemo(
    () => ({
      selectedId,
      activeStepId: highlight.stepId,
      firedConditionId: highlight.conditionId,
      errorCounts: errorCounts(faults),
    }),
    [selectedId, highlight, faults],
  );
  const steps = useMemo(() => Object.entries(stepNames(graph)).map(([value, label]) => ({ value, label })), [graph]);
  const selected = graph.nodeList.find((n) => n.id === selectedId) ?? null;

  const onAddStep = () => {
    // Near the middle of the visible canvas, moved right (or down) until it overlaps no node.
    const box = canvasBox.current?.getBoundingClientRect();
    const at = box
      ? flowView.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 4 })
      : undefined;
    const { graph: next, id } = addStep(graph, t('chatbot.builder.newStepName', { n: steps.length + 1 }), at);
    change(next);
    setSelectedId(id);
    setTab('edit');
    const step = next.nodeList.find((n) => n.id === id);
    if (box && step) {
      const corner = flowView.flowToScreenPosition({ x: step.left + 200, y: step.top + 100 });
      // Out of sight: show the whole flow again (after React Flow has the new node).
      if (corner.x > box.right || corner.y > box.bottom) setTimeout(() => void flowView.fitView({ maxZoom: 1 }), 50);
    }
  };
  const onTrace = (trace: BotTrace[], state: BotState | null) => setHighlight(highlightOf(trace, state));

  const saveText =
    autosave.state === 'invalid'
      ? t('chatbot.builder.state.invalid', { count: localCount })
      : t(`chatbot.builder.state.${autosave.state}`);

  return (
    <Box data-testid="flow-builder">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={FLOWS_PATH} aria-label={t('chatbot.builder.back')}>
            <IconChevronLeft size={20} />
          </Anchor>
          <Title order={3} data-testid="page-title">
            {flow.name}
          </Title>
          <Tooltip
            label={autosave.state === 'error' ? errorMessage.message(autosave.failure) : saveText}
            disabled={autosave.state !== 'error'}
          >
            <Badge
              color={SAVE_COLORS[autosave.state]}
              variant="light"
              data-testid="save-state"
              data-state={autosave.state}
              role="status"
            >
              {saveText}
            </Badge>
          </Tooltip>
        </Group>
        <Group gap="xs">
          <Tooltip label={t('chatbot.builder.undo')}>
            <ActionIcon
              variant="default"
              size="lg"
              disabled={!canUndo(history)}
              onClick={() => setHistory(undo)}
              aria-label={t('chatbot.builder.undo')}
              data-testid="undo"
            >
              <IconArrowBackUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('chatbot.builder.redo')}>
            <ActionIcon
              variant="default"
              size="lg"
              disabled={!canRedo(history)}
              onClick={() => setHistory(redo)}
              aria-label={t('chatbot.builder.redo')}
              data-testid="redo"
            >
              <IconArrowForwardUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Button leftSection={<IconPlus size={16} />} onClick={onAddStep} data-testid="step-add">
            {t('chatbot.builder.addStep')}
          </Button>
        </Group>
      </Group>
      <Group align="stretch" gap="sm" wrap="nowrap" h="calc(100dvh - 170px)" mih={480}>
        <Paper ref={canvasBox} withBorder flex={1} miw={0} style={{ overflow: 'hidden' }} data-testid="flow-canvas">
          <FlowCanvas graph={graph} view={view} onChange={change} onSelect={setSelectedId} />
        </Paper>
        <Paper withBorder w={400} miw={320} p={0} style={{ display: 'flex', flexDirection: 'column' }}>
          <Tabs
            value={tab}
            onChange={setTab}
            style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
          >
            <Tabs.List>
              <Tabs.Tab value="edit" data-testid="tab-edit">
                {t('common.edit')}
              </Tabs.Tab>
              <Tabs.Tab value="simulator" data-testid="tab-simulator">
                {t('chatbot.builder.simulator')}
              </Tabs.Tab>
            </Tabs.List>
            <ScrollArea style={{ flex: 1 }} p="sm" type="auto">
              <Tabs.Panel value="edit">
                {selected?.type === 'node' ? (
                  <StepPanel
                    step={selected}
                    steps={steps}
                    fault={fault}
                    onChange={(next, group) =>
                      change(
                        updateNode(graph, next.id, () => next),
                        group,
                      )
                    }
                    onDelete={() => {
                      change(removeSteps(graph, [selected.id]));
                      setSelectedId(null);
                    }}
                  />
                ) : selected?.type === 'configurations' ? (
                  <ConfigPanel
                    value={selected.configurations}
                    fault={fault}
                    onChange={(configurations, group) =>
                      change(
                        updateNode(graph, FLOW_CONFIG_ID, (n) =>
                          n.type === 'configurations' ? { ...n, configurations } : n,
                        ),
                        group,
                      )
                    }
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('chatbot.builder.selectHint')}
                  </Text>
                )}
              </Tabs.Panel>
              <Tabs.Panel value="simulator" keepMounted>
                <SimulatorPanel graph={graph} invalid={localCount > 0} onTrace={onTrace} />
              </Tabs.Panel>
            </ScrollArea>
          </Tabs>
        </Paper>
      </Group>
    </Box>
  );
}
