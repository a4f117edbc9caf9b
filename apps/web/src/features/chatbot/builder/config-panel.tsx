import {
  Divider,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  AUTO_DISTRIBUTIONS,
  FLOW_CONFIG_ID,
  FLOW_DESTINY_TYPES,
  type AutoDistribution,
  type FlowConfigurations,
} from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { VariablesHint } from './interaction-editor';
import { useFlowRefs } from './refs';

interface Props {
  value: FlowConfigurations;
  onChange: (next: FlowConfigurations, group: string) => void;
  fault: (key: string) => string | undefined;
}

type DestinyKey = 'notResponseMessage' | 'maxRetryBotMessage' | 'outOpenHours';
const at = `${FLOW_CONFIG_ID}.configurations`;

/** The configurations node: every field of ZFlowConfigurations. */
export function ConfigPanel({ value, onChange, fault }: Props) {
  const { t } = useTranslation();
  const tr = t as unknown as (key: string) => string;
  const refs = useFlowRefs();
  const set = <K extends keyof FlowConfigurations>(key: K, next: FlowConfigurations[K], group = '') =>
    onChange({ ...value, [key]: next }, group);
  const num = (v: string | number) => (typeof v === 'number' ? v : (v as unknown as number));

  const destiny = (key: DestinyKey, allowClose: boolean) => {
    const d = value[key];
    const types = FLOW_DESTINY_TYPES.filter((x) => allowClose || x !== 3);
    const options = d.type === 1 ? refs.queues : d.type === 2 ? refs.users : [];
    return (
      <Group grow align="flex-start">
        <Select
          label={t('chatbot.builder.config.destinyType')}
          data={types.map((x) => ({ value: String(x), label: tr(`chatbot.builder.config.destinyTypes.${x}`) }))}
          value={String(d.type)}
          allowDeselect={false}
          onChange={(v) => v && set(key, { ...d, type: Number(v) as 1 | 2 | 3, destiny: null })}
          error={fault(`${at}.${key}.type`)}
        />
        {d.type !== 3 && (
          <Select
            label={t('chatbot.builder.config.destiny')}
            placeholder={t('chatbot.builder.config.noDestiny')}
            data={options}
            searchable
            clearable
            value={d.destiny ? String(d.destiny) : null}
            onChange={(v) => set(key, { ...d, destiny: v ? Number(v) : null })}
            error={fault(`${at}.${key}.destiny`)}
            data-testid={`config-${key}-destiny`}
          />
        )}
      </Group>
    );
  };

  return (
    <Stack gap="sm" data-testid="config-panel">
      <Title order={4}>{t('chatbot.builder.configNode')}</Title>
      <Textarea
        label={t('chatbot.builder.config.welcomeMessage')}
        autosize
        value={value.welcomeMessage.message}
        onChange={(e) => set('welcomeMessage', { message: e.currentTarget.value }, 'welcome')}
        error={fault(`${at}.welcomeMessage.message`)}
      />
      <Textarea
        label={t('chatbot.builder.config.farewellMessage')}
        autosize
        value={value.farewellMessage.message}
        onChange={(e) => set('farewellMessage', { message: e.currentTarget.value }, 'farewell')}
        error={fault(`${at}.farewellMessage.message`)}
      />
      <VariablesHint />
      <Divider label={t('chatbot.builder.config.notOptionsSelectMessage')} labelPosition="left" />
      <Textarea
        aria-label={t('chatbot.builder.config.notOptionsSelectMessage')}
        autosize
        value={value.notOptionsSelectMessage.message}
        onChange={(e) =>
          set(
            'notOptionsSelectMessage',
            { ...value.notOptionsSelectMessage, message: e.currentTarget.value },
            'notOptions',
          )
        }
        error={fault(`${at}.notOptionsSelectMessage.message`)}
      />
      <Text size="sm">{t('chatbot.builder.config.stepReturn')}</Text>
      <SegmentedControl
        aria-label={t('chatbot.builder.config.stepReturn')}
        data={[
          { value: 'A', label: t('chatbot.builder.config.stepReturnA') },
          { value: 'S', label: t('chatbot.builder.config.stepReturnS') },
        ]}
        value={value.notOptionsSelectMessage.stepReturn}
        onChange={(v) =>
          set('notOptionsSelectMessage', { ...value.notOptionsSelectMessage, stepReturn: v as 'A' | 'S' })
        }
      />
      <Divider label={t('chatbot.builder.config.notResponseMessage')} labelPosition="left" />
      <NumberInput
        label={t('chatbot.builder.config.time')}
        min={0}
        allowDecimal={false}
        value={value.notResponseMessage.time}
        onChange={(v) => set('notResponseMessage', { ...value.notResponseMessage, time: num(v) }, 'nrTime')}
        error={fault(`${at}.notResponseMessage.time`)}
      />
      <Textarea
        label={t('chatbot.builder.field.message')}
        autosize
        value={value.notResponseMessage.message}
        onChange={(e) =>
          set('notResponseMessage', { ...value.notResponseMessage, message: e.currentTarget.value }, 'nrMessage')
        }
        error={fault(`${at}.notResponseMessage.message`)}
      />
      {destiny('notResponseMessage', true)}
      <Divider label={t('chatbot.builder.config.maxRetryBotMessage')} labelPosition="left" />
      <NumberInput
        label={t('chatbot.builder.config.number')}
        min={0}
        max={100}
        allowDecimal={false}
        value={value.maxRetryBotMessage.number}
        onChange={(v) => set('maxRetryBotMessage', { ...value.maxRetryBotMessage, number: num(v) }, 'retries')}
        error={fault(`${at}.maxRetryBotMessage.number`)}
      />
      {destiny('maxRetryBotMessage', false)}
      <Divider label={t('chatbot.builder.config.outOpenHours')} labelPosition="left" />
      {destiny('outOpenHours', true)}
      <Divider />
      <TextInput
        label={t('chatbot.builder.config.answerCloseTicket')}
        // Kept as typed (commas and spaces) and split into words when the flow is read.
        value={value.answerCloseTicket.join(', ')}
        onChange={(e) =>
          set(
            'answerCloseTicket',
            e.currentTarget.value.split(',').map((w) => w.trimStart()),
            'closeWords',
          )
        }
        error={fault(`${at}.answerCloseTicket`)}
      />
      <Select
        label={t('chatbot.builder.config.autoDistributeTickets')}
        data={AUTO_DISTRIBUTIONS.map((d) => ({ value: d, label: t(`chatbot.builder.distribution.${d}`) }))}
        value={value.autoDistributeTickets}
        allowDeselect={false}
        onChange={(v) => v && set('autoDistributeTickets', v as AutoDistribution)}
        data-testid="config-distribution"
      />
    </Stack>
  );
}
