import { Select, Stack, Textarea } from '@mantine/core';
import {
  FLOW_ACTIONS,
  FLOW_CONDITION_TYPES,
  type FlowAction,
  type FlowCondition,
  type FlowConditionType,
} from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { useFlowRefs, type Option } from './refs';

interface Props {
  value: FlowCondition;
  at: string;
  /** The other steps, for "go to step". */
  steps: Option[];
  onChange: (next: FlowCondition, group: string) => void;
  fault: (key: string) => string | undefined;
}

const WITH_ANSWERS: FlowConditionType[] = ['R', 'Contain2', 'Contain'];

/** One condition: when (type and answers), then (step, queue, user, close or integration) with its picker. */
export function ConditionEditor({ value, at, steps, onChange, fault }: Props) {
  const { t } = useTranslation();
  const tr = t as unknown as (key: string) => string;
  const refs = useFlowRefs();
  const set = (patch: Partial<FlowCondition>, group = '') => onChange({ ...value, ...patch }, group);
  return (
    <Stack gap="xs">
      <Select
        label={t('chatbot.builder.condition.type')}
        data={FLOW_CONDITION_TYPES.map((type) => ({
          value: type,
          label: tr(`chatbot.builder.condition.types.${type}`),
        }))}
        value={value.type}
        allowDeselect={false}
        onChange={(v) => v && set({ type: v as FlowConditionType })}
        error={fault(`${at}.type`)}
        data-testid="condition-type"
      />
      {WITH_ANSWERS.includes(value.type) && (
        <Textarea
          label={t('chatbot.builder.condition.answers')}
          autosize
          minRows={1}
          value={value.condition.join('\n')}
          onChange={(e) => set({ condition: e.currentTarget.value.split('\n') }, `${at}.condition`)}
          error={fault(`${at}.condition`)}
          data-testid="condition-answers"
        />
      )}
      <Select
        label={t('chatbot.builder.condition.action')}
        data={FLOW_ACTIONS.map((a) => ({ value: String(a), label: tr(`chatbot.builder.condition.actions.${a}`) }))}
        value={String(value.action)}
        allowDeselect={false}
        onChange={(v) => v && set({ action: Number(v) as FlowAction })}
        error={fault(`${at}.action`)}
        data-testid="condition-action"
      />
      {value.action === 0 && (
        <Select
          label={t('chatbot.builder.condition.nextStep')}
          data={steps}
          searchable
          value={value.nextStepId}
          onChange={(v) => set({ nextStepId: v })}
          error={fault(`${at}.nextStepId`)}
          data-testid="condition-step"
        />
      )}
      {value.action === 1 && (
        <Select
          label={t('chatbot.builder.condition.queue')}
          data={refs.queues}
          searchable
          value={value.queueId ? String(value.queueId) : null}
          onChange={(v) => set({ queueId: v ? Number(v) : null })}
          error={fault(`${at}.queueId`)}
          data-testid="condition-queue"
        />
      )}
      {value.action === 2 && (
        <Select
          label={t('chatbot.builder.condition.user')}
          data={refs.users}
          searchable
          value={value.userIdDestination ? String(value.userIdDestination) : null}
          onChange={(v) => set({ userIdDestination: v ? Number(v) : null })}
          error={fault(`${at}.userIdDestination`)}
          data-testid="condition-user"
        />
      )}
      {value.action === 4 && (
        <Select
          label={t('chatbot.builder.condition.integration')}
          data={refs.integrations}
          searchable
          value={value.integrationId ? String(value.integrationId) : null}
          onChange={(v) => set({ integrationId: v ? Number(v) : null })}
          error={fault(`${at}.integrationId`)}
          data-testid="condition-integration"
        />
      )}
      {value.action === 3 && (
        <Textarea
          label={t('chatbot.builder.condition.closeMessage')}
          autosize
          value={value.message ?? ''}
          onChange={(e) => set({ message: e.currentTarget.value, closeTicket: true }, `${at}.message`)}
          error={fault(`${at}.message`)}
        />
      )}
    </Stack>
  );
}
