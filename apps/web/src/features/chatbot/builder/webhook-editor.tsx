import { ActionIcon, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { FlowInteraction } from '@prosa/contracts';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from './interaction-editor';

type Webhook = Extract<FlowInteraction, { type: 'WebhookField' }>;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A webhook call: method, URL, headers, body, and response paths mapped into ticket variables. */
export function WebhookEditor({ value, at, onChange, fault }: EditorProps<Webhook>) {
  const { t } = useTranslation();
  const hook = value.data.webhook;
  const set = (patch: Partial<typeof hook>, group: string) =>
    onChange({ ...value, data: { webhook: { ...hook, ...patch } } }, group);
  const base = `${at}.data.webhook`;
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <Select
          label={t('chatbot.builder.field.method')}
          data={[...METHODS]}
          value={hook.method}
          allowDeselect={false}
          onChange={(v) => v && set({ method: v as (typeof METHODS)[number] }, '')}
          maw={110}
        />
        <TextInput
          label={t('chatbot.builder.field.url')}
          value={hook.url}
          onChange={(e) => set({ url: e.currentTarget.value }, `${at}.url`)}
          error={fault(`${base}.url`)}
          data-testid="webhook-url"
        />
      </Group>
      <Text size="sm" fw={500}>
        {t('chatbot.builder.field.headers')}
      </Text>
      {hook.headers.map((h, i) => (
        <Group key={i} gap={4} wrap="nowrap" align="flex-start">
          <TextInput
            flex={1}
            aria-label={t('chatbot.builder.field.headerKey')}
            placeholder={t('chatbot.builder.field.headerKey')}
            value={h.key}
            onChange={(e) =>
              set(
                { headers: hook.headers.map((x, j) => (j === i ? { ...x, key: e.currentTarget.value } : x)) },
                `${at}.hk${i}`,
              )
            }
            error={fault(`${base}.headers.${i}.key`)}
          />
          <TextInput
            flex={1}
            aria-label={t('chatbot.builder.field.headerValue')}
            placeholder={t('chatbot.builder.field.headerValue')}
            value={h.value}
            onChange={(e) =>
              set(
                { headers: hook.headers.map((x, j) => (j === i ? { ...x, value: e.currentTarget.value } : x)) },
                `${at}.hv${i}`,
              )
            }
            error={fault(`${base}.headers.${i}.value`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={t('chatbot.builder.remove')}
            onClick={() => set({ headers: hook.headers.filter((_, j) => j !== i) }, '')}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => set({ headers: [...hook.headers, { key: '', value: '' }] }, '')}
      >
        {t('chatbot.builder.field.addHeader')}
      </Button>
      <Textarea
        label={t('chatbot.builder.field.body')}
        autosize
        minRows={2}
        ff="monospace"
        value={hook.body}
        onChange={(e) => set({ body: e.currentTarget.value }, `${at}.body`)}
        error={fault(`${base}.body`)}
      />
      <Text size="sm" fw={500}>
        {t('chatbot.builder.field.mapping')}
      </Text>
      {hook.mapping.map((m, i) => (
        <Group key={i} gap={4} wrap="nowrap" align="flex-start">
          <TextInput
            flex={1}
            aria-label={t('chatbot.builder.field.mappingPath')}
            placeholder={t('chatbot.builder.field.mappingPath')}
            value={m.path}
            onChange={(e) =>
              set(
                { mapping: hook.mapping.map((x, j) => (j === i ? { ...x, path: e.currentTarget.value } : x)) },
                `${at}.mp${i}`,
              )
            }
            error={fault(`${base}.mapping.${i}.path`)}
          />
          <TextInput
            flex={1}
            aria-label={t('chatbot.builder.field.mappingVariable')}
            placeholder={t('chatbot.builder.field.mappingVariable')}
            value={m.variable}
            onChange={(e) =>
              set(
                { mapping: hook.mapping.map((x, j) => (j === i ? { ...x, variable: e.currentTarget.value } : x)) },
                `${at}.mv${i}`,
              )
            }
            error={fault(`${base}.mapping.${i}.variable`)}
            data-testid="webhook-variable"
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={t('chatbot.builder.remove')}
            onClick={() => set({ mapping: hook.mapping.filter((_, j) => j !== i) }, '')}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => set({ mapping: [...hook.mapping, { path: '', variable: '' }] }, '')}
      >
        {t('chatbot.builder.field.addMapping')}
      </Button>
    </Stack>
  );
}
