import { Code, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The variables of SPEC §9 as the server (and the composer, for quick messages) fills them. */
export const MESSAGE_VARIABLES = [
  'name',
  'greeting',
  'phoneNumber',
  'email',
  'hour',
  'date',
  'protocol',
  'ticket_id',
  'fila',
  'user',
  'userEmail',
] as const;

/** Written literally: i18next would read `{{name}}` in a catalogue text as its own placeholder. */
export function VariablesHint() {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Text size="xs" c="dimmed">
        {t('quick.variables')}
      </Text>
      {MESSAGE_VARIABLES.map((v) => (
        <Code key={v}>{`{{${v}}}`}</Code>
      ))}
    </Group>
  );
}
