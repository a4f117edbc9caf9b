import { ActionIcon, Button, Divider, Group, Menu, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { FLOW_INTERACTION_TYPES, type FlowStep } from '@prosa/contracts';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionEditor } from './condition-editor';
import { newCondition, newInteraction } from './graph';
import { InteractionEditor } from './interaction-editor';
import type { Option } from './refs';

interface Props {
  step: FlowStep;
  steps: Option[];
  onChange: (next: FlowStep, group: string) => void;
  onDelete: () => void;
  fault: (key: string) => string | undefined;
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function Item({
  title,
  index,
  count,
  onMove,
  onRemove,
  children,
  testId,
}: {
  title: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs" data-testid={testId}>
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('chatbot.builder.moveUp')}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <IconArrowUp size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('chatbot.builder.moveDown')}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <IconArrowDown size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="red"
            aria-label={t('chatbot.builder.remove')}
            onClick={onRemove}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      </Group>
      {children}
    </Paper>
  );
}

/** The selected step: its name, interactions (run in order) and conditions (evaluated by type). */
export function StepPanel({ step, steps, onChange, onDelete, fault }: Props) {
  const { t } = useTranslation();
  const tr = t as unknown as (key: string) => string;
  const at = step.id;
  const others = steps.filter((s) => s.value !== step.id);
  return (
    <Stack gap="sm" data-testid="step-panel">
      <Group justify="space-between" wrap="nowrap">
        <Title order={4}>{step.name || step.id}</Title>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
          data-testid="step-delete"
        >
          {t('chatbot.builder.deleteStep')}
        </Button>
      </Group>
      <TextInput
        label={t('chatbot.builder.stepName')}
        value={step.name}
        onChange={(e) => onChange({ ...step, name: e.currentTarget.value }, `${at}.name`)}
        error={fault(`${at}.name`)}
        data-testid="step-name"
      />
      <Divider label={t('chatbot.builder.interactions')} labelPosition="left" />
      <Text size="xs" c="dimmed">
        {t('chatbot.builder.interactionsHint')}
      </Text>
      {step.interactions.map((interaction, i) => (
        <Item
          key={interaction.id}
          testId="interaction"
          title={tr(`chatbot.builder.interaction.${interaction.type}`)}
          index={i}
          count={step.interactions.length}
          onMove={(to) => onChange({ ...step, interactions: move(step.interactions, i, to) }, '')}
          onRemove={() =>
            onChange({ ...step, interactions: step.interactions.filter((x) => x.id !== interaction.id) }, '')
          }
        >
          <InteractionEditor
            value={interaction}
            at={`${at}.interactions.${interaction.id}`}
            fault={fault}
            onChange={(next, group) =>
              onChange(
                { ...step, interactions: step.interactions.map((x) => (x.id === interaction.id ? next : x)) },
                group,
              )
            }
          />
        </Item>
      ))}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} data-testid="interaction-add">
            {t('chatbot.builder.addInteraction')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {FLOW_INTERACTION_TYPES.map((type) => (
            <Menu.Item
              key={type}
              onClick={() => onChange({ ...step, interactions: [...step.interactions, newInteraction(type)] }, '')}
              data-testid={`interaction-add-${type}`}
            >
              {tr(`chatbot.builder.interaction.${type}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Divider label={t('chatbot.builder.conditions')} labelPosition="left" />
      <Text size="xs" c="dimmed">
        {t('chatbot.builder.conditionsHint')}
      </Text>
      {step.conditions.map((condition, i) => (
        <Item
          key={condition.id}
          testId="condition"
          title={`${i + 1}. ${tr(`chatbot.builder.condition.types.${condition.type}`)}`}
          index={i}
          count={step.conditions.length}
          onMove={(to) => onChange({ ...step, conditions: move(step.conditions, i, to) }, '')}
          onRemove={() => onChange({ ...step, conditions: step.conditions.filter((x) => x.id !== condition.id) }, '')}
        >
          <ConditionEditor
            value={condition}
            at={`${at}.conditions.${condition.id}`}
            steps={others}
            fault={fault}
            onChange={(next, group) =>
              onChange({ ...step, conditions: step.conditions.map((x) => (x.id === condition.id ? next : x)) }, group)
            }
          />
        </Item>
      ))}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange({ ...step, conditions: [...step.conditions, newCondition()] }, '')}
        data-testid="condition-add"
      >
        {t('chatbot.builder.addCondition')}
      </Button>
    </Stack>
  );
}
