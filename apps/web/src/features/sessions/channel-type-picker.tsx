import { Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { CHANNEL_TYPES, type ChannelType } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { ChannelIcon } from '../attendance/ui/channel-icon';

/** The kind of connection, as tiles with an icon and one line on what it is. */
export function ChannelTypePicker({ value, onChange }: { value: ChannelType; onChange: (type: ChannelType) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('channels.form.type')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" role="radiogroup" aria-label={t('channels.form.type')}>
        {CHANNEL_TYPES.map((type) => {
          const selected = type === value;
          return (
            <UnstyledButton
              key={type}
              onClick={() => onChange(type)}
              role="radio"
              aria-checked={selected}
              data-testid={`channel-type-${type}`}
            >
              <Paper
                withBorder
                p="sm"
                radius="md"
                h="100%"
                style={{
                  borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
                  background: selected ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <ChannelIcon type={type} size={28} />
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {t(`channels.types.${type}`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`channels.typeHints.${type}`)}
                    </Text>
                  </Stack>
                </Group>
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
