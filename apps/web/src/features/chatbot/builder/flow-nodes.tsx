import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { FlowCondition } from '@prosa/contracts';
import { IconFlag, IconSettings } from '@tabler/icons-react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { CanvasNode } from './graph';
import { labelOf, useFlowRefs, type FlowRefs } from './refs';

function frame(selected: boolean, active: boolean, faults: number) {
  const color =
    faults > 0
      ? 'var(--mantine-color-red-6)'
      : active
        ? 'var(--mantine-color-teal-6)'
        : selected
          ? 'var(--mantine-color-blue-6)'
          : 'var(--mantine-color-gray-4)';
  return {
    border: `2px solid ${color}`,
    borderRadius: 8,
    background: 'var(--mantine-color-body)',
    boxShadow: active ? '0 0 0 4px var(--mantine-color-teal-1)' : undefined,
    minWidth: 180,
    maxWidth: 260,
  } as const;
}

function Faults({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Badge color="red" size="xs" data-testid="node-faults">
      {t('chatbot.builder.faults', { count })}
    </Badge>
  );
}

export function StartNode({ data, selected }: NodeProps<CanvasNode>) {
  const { t } = useTranslation();
  return (
    <Box p="xs" style={frame(!!selected, false, data.errorCount)} data-testid="node-start">
      <Group gap={6}>
        <IconFlag size={16} aria-hidden />
        <Text fw={600} size="sm">
          {t('chatbot.builder.startNode')}
        </Text>
      </Group>
      <Faults count={data.errorCount} />
      <Handle type="source" position={Position.Right} data-testid="handle-start-source" />
    </Box>
  );
}

export function ConfigNode({ data, selected }: NodeProps<CanvasNode>) {
  const { t } = useTranslation();
  return (
    <Box p="xs" style={frame(!!selected, false, data.errorCount)} data-testid="node-configurations">
      <Group gap={6}>
        <IconSettings size={16} aria-hidden />
        <Text fw={600} size="sm">
          {t('chatbot.builder.configNode')}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('chatbot.builder.configHint')}
      </Text>
      <Faults count={data.errorCount} />
    </Box>
  );
}

/** "1, 2 → Sales": a condition as one line on its step. */
export function conditionSummary(
  c: FlowCondition,
  refs: FlowRefs,
  steps: Record<string, string>,
  t: (key: string) => string,
): string {
  const when = ['R', 'Contain2', 'Contain'].includes(c.type)
    ? c.condition.map((a) => `"${a}"`).join(', ') || '…'
    : t(`chatbot.builder.condition.types.${c.type}`);
  const where =
    c.action === 0
      ? (c.nextStepId && steps[c.nextStepId]) || '…'
      : c.action === 1
        ? labelOf(refs.queues, c.queueId)
        : c.action === 2
          ? labelOf(refs.users, c.userIdDestination)
          : c.action === 4
            ? labelOf(refs.integrations, c.integrationId)
            : t('chatbot.builder.condition.actions.3');
  return `${when} → ${where}`;
}

export function StepNode({ data, selected }: NodeProps<CanvasNode>) {
  const { t } = useTranslation();
  const refs = useFlowRefs();
  const node = data.node;
  if (node.type !== 'node') return null;
  const tr = t as unknown as (key: string) => string;
  return (
    <Box
      p="xs"
      style={frame(!!selected, data.active, data.errorCount)}
      data-testid="node-step"
      data-name={node.name}
      data-active={data.active || undefined}
    >
      <Handle type="target" position={Position.Left} data-testid="handle-step-target" />
      <Text fw={600} size="sm" truncate>
        {node.name || node.id}
      </Text>
      <Stack gap={2} mt={4}>
        {node.interactions.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('chatbot.builder.noInteractions')}
          </Text>
        ) : (
          node.interactions.map((i) => (
            <Text key={i.id} size="xs" c="dimmed" truncate>
              {tr(`chatbot.builder.interaction.${i.type}`)}
            </Text>
          ))
        )}
        {node.conditions.map((c) => (
          <Text
            key={c.id}
            size="xs"
            truncate
            fw={data.firedConditionId === c.id ? 700 : 400}
            // Its own light background and dark text: readable in both themes.
            bg={data.firedConditionId === c.id ? 'teal.1' : undefined}
            c={data.firedConditionId === c.id ? 'dark.9' : undefined}
            px={data.firedConditionId === c.id ? 4 : undefined}
            data-testid="node-condition"
            data-fired={data.firedConditionId === c.id || undefined}
          >
            {conditionSummary(c, refs, data.stepNames, tr)}
          </Text>
        ))}
      </Stack>
      <Faults count={data.errorCount} />
      <Handle type="source" position={Position.Right} data-testid="handle-step-source" />
    </Box>
  );
}

export const nodeTypes = { start: StartNode, configurations: ConfigNode, step: StepNode };
