import { ActionIcon, Button, Code, Group, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { FLOW_BUTTONS_MAX, FLOW_DELAY_MAX_SECONDS, FLOW_LIST_ROWS_MAX, type FlowInteraction } from '@prosa/contracts';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { newId } from './graph';
import { useFlowRefs } from './refs';
import { WebhookEditor } from './webhook-editor';

export interface EditorProps<T extends FlowInteraction = FlowInteraction> {
  value: T;
  /** The key of this interaction's faults and undo group (`step.interactions.id`). */
  at: string;
  onChange: (next: T, group: string) => void;
  fault: (key: string) => string | undefined;
}

const VARIABLES = ['{{name}}', '{{greeting}}', '{{phoneNumber}}', '{{protocol}}', '{{fila}}', '{{user}}'];

export function VariablesHint() {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed">
      {t('chatbot.builder.field.variablesHint')}{' '}
      {VARIABLES.map((v) => (
        <Code key={v} mr={4}>
          {v}
        </Code>
      ))}
    </Text>
  );
}

const lines = (text: string) => text.split('\n');

/** The fields of one interaction, by its type (DOMAIN.md shapes). */
export function InteractionEditor(props: EditorProps) {
  const { t } = useTranslation();
  const { value, at, onChange, fault } = props;
  const { tags: tagOptions, lanes: laneOptions } = useFlowRefs();
  const message = (msg: string, extra?: object) => (
    <Textarea
      label={t('chatbot.builder.field.message')}
      autosize
      minRows={2}
      value={msg}
      onChange={(e) =>
        onChange(
          { ...value, data: { ...value.data, message: e.currentTarget.value, ...extra } } as FlowInteraction,
          `${at}.message`,
        )
      }
      error={fault(`${at}.data.message`)}
      data-testid="interaction-message"
    />
  );
  switch (value.type) {
    case 'MessageField':
      return (
        <Stack gap="xs">
          {message(value.data.message)}
          <VariablesHint />
        </Stack>
      );
    case 'MessageOptionsField':
      return (
        <Stack gap="xs">
          {message(value.data.message)}
          <Textarea
            label={t('chatbot.builder.field.values')}
            autosize
            minRows={2}
            value={value.data.values.join('\n')}
            onChange={(e) =>
              onChange({ ...value, data: { ...value.data, values: lines(e.currentTarget.value) } }, `${at}.values`)
            }
            error={fault(`${at}.data.values`)}
          />
        </Stack>
      );
    case 'MediaField': {
      const set = (patch: Partial<typeof value.data>, field: string) =>
        onChange({ ...value, data: { ...value.data, ...patch } }, `${at}.${field}`);
      return (
        <Stack gap="xs">
          <TextInput
            label={t('chatbot.builder.field.mediaUrl')}
            value={value.data.mediaUrl}
            onChange={(e) => {
              const url = e.currentTarget.value;
              const ext = /\.([a-z0-9]{1,8})(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? '';
              set({ mediaUrl: url, ext }, 'mediaUrl');
            }}
            error={fault(`${at}.data.mediaUrl`)}
          />
          <Textarea
            label={t('chatbot.builder.field.caption')}
            autosize
            value={value.data.caption}
            onChange={(e) => set({ caption: e.currentTarget.value }, 'caption')}
            error={fault(`${at}.data.caption`)}
          />
          <Group grow>
            <TextInput
              label={t('chatbot.builder.field.fileName')}
              value={value.data.name}
              onChange={(e) => set({ name: e.currentTarget.value }, 'name')}
              error={fault(`${at}.data.name`)}
            />
            <TextInput
              label={t('chatbot.builder.field.mediaType')}
              value={value.data.type}
              onChange={(e) => set({ type: e.currentTarget.value }, 'type')}
              error={fault(`${at}.data.type`)}
            />
          </Group>
        </Stack>
      );
    }
    case 'WebhookField':
      return <WebhookEditor {...(props as EditorProps<typeof value>)} />;
    case 'DelayField':
      return (
        <NumberInput
          label={t('chatbot.builder.field.seconds')}
          min={1}
          max={FLOW_DELAY_MAX_SECONDS}
          allowDecimal={false}
          value={value.data.seconds}
          // An emptied input stays empty and the schema says what is missing.
          onChange={(v) =>
            onChange(
              { ...value, data: { seconds: typeof v === 'number' ? v : (v as unknown as number) } },
              `${at}.seconds`,
            )
          }
          error={fault(`${at}.data.seconds`)}
        />
      );
    case 'TagField':
      return (
        <Select
          label={t('chatbot.builder.field.tag')}
          data={tagOptions}
          searchable
          value={value.data.tagId ? String(value.data.tagId) : null}
          onChange={(v) => onChange({ ...value, data: { tagId: v ? Number(v) : null } }, `${at}.tag`)}
          error={fault(`${at}.data.tagId`)}
        />
      );
    case 'CrmLaneField':
      return (
        <Select
          label={t('chatbot.builder.field.laneId')}
          data={laneOptions}
          searchable
          value={value.data.laneId ? String(value.data.laneId) : null}
          onChange={(v) => onChange({ ...value, data: { laneId: v ? Number(v) : null } }, `${at}.lane`)}
          error={fault(`${at}.data.laneId`)}
          data-testid="flow-lane-picker"
        />
      );
    case 'ButtonsField': {
      const buttons = value.data.buttons;
      const setButtons = (next: typeof buttons, group: string) =>
        onChange({ ...value, data: { ...value.data, buttons: next } }, group);
      return (
        <Stack gap="xs">
          {message(value.data.message)}
          <Text size="sm" fw={500}>
            {t('chatbot.builder.field.buttons')}
          </Text>
          <Text size="xs" c={fault(`${at}.data.buttons`) ? 'red' : 'dimmed'} data-testid="buttons-rule">
            {t('chatbot.builder.field.buttonsRule')}
          </Text>
          {buttons.map((b, i) => (
            <Group key={b.id || i} gap={4} wrap="nowrap" align="flex-start">
              <TextInput
                flex={1}
                aria-label={t('chatbot.builder.field.buttonLabel', { n: i + 1 })}
                placeholder={t('chatbot.builder.field.buttonLabel', { n: i + 1 })}
                maxLength={20}
                value={b.label}
                onChange={(e) =>
                  setButtons(
                    buttons.map((x, j) => (j === i ? { ...x, label: e.currentTarget.value } : x)),
                    `${at}.button.${b.id}`,
                  )
                }
                error={fault(`${at}.data.buttons.${i}.label`)}
                data-testid="button-label"
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={t('chatbot.builder.remove')}
                onClick={() =>
                  setButtons(
                    buttons.filter((_, j) => j !== i),
                    '',
                  )
                }
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ))}
          {fault(`${at}.data.buttons`) && !buttons.some((_, i) => fault(`${at}.data.buttons.${i}`)) && (
            <Text size="xs" c="red" data-testid="buttons-error">
              {fault(`${at}.data.buttons`)}
            </Text>
          )}
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={buttons.length >= FLOW_BUTTONS_MAX}
            onClick={() => setButtons([...buttons, { id: newId('btn'), label: '' }], '')}
            data-testid="button-add"
          >
            {t('chatbot.builder.field.addButton')}
          </Button>
        </Stack>
      );
    }
    case 'ListField': {
      const rows = value.data.rows;
      const set = (patch: Partial<typeof value.data>, group: string) =>
        onChange({ ...value, data: { ...value.data, ...patch } }, group);
      return (
        <Stack gap="xs">
          {message(value.data.message)}
          <TextInput
            label={t('chatbot.builder.field.listButtonText')}
            maxLength={20}
            value={value.data.buttonText}
            onChange={(e) => set({ buttonText: e.currentTarget.value }, `${at}.buttonText`)}
            error={fault(`${at}.data.buttonText`)}
          />
          <Text size="sm" fw={500}>
            {t('chatbot.builder.field.rows')}
          </Text>
          {rows.map((r, i) => (
            <Group key={r.id || i} gap={4} wrap="nowrap" align="flex-start">
              <TextInput
                flex={1}
                aria-label={t('chatbot.builder.field.rowLabel', { n: i + 1 })}
                placeholder={t('chatbot.builder.field.rowLabel', { n: i + 1 })}
                maxLength={24}
                value={r.label}
                onChange={(e) =>
                  set(
                    { rows: rows.map((x, j) => (j === i ? { ...x, label: e.currentTarget.value } : x)) },
                    `${at}.row.${r.id}`,
                  )
                }
                error={fault(`${at}.data.rows.${i}.label`)}
              />
              <TextInput
                flex={1}
                aria-label={t('chatbot.builder.field.rowDescription')}
                placeholder={t('chatbot.builder.field.rowDescription')}
                maxLength={72}
                value={r.description}
                onChange={(e) =>
                  set(
                    { rows: rows.map((x, j) => (j === i ? { ...x, description: e.currentTarget.value } : x)) },
                    `${at}.rowd.${r.id}`,
                  )
                }
                error={fault(`${at}.data.rows.${i}.description`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={t('chatbot.builder.remove')}
                onClick={() => set({ rows: rows.filter((_, j) => j !== i) }, '')}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ))}
          {fault(`${at}.data.rows`) && !rows.some((_, i) => fault(`${at}.data.rows.${i}`)) && (
            <Text size="xs" c="red">
              {fault(`${at}.data.rows`)}
            </Text>
          )}
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={rows.length >= FLOW_LIST_ROWS_MAX}
            onClick={() => set({ rows: [...rows, { id: newId('row'), label: '', description: '' }] }, '')}
          >
            {t('chatbot.builder.field.addRow')}
          </Button>
        </Stack>
      );
    }
  }
}
