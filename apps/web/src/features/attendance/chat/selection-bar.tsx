import { Button, Group, Text } from '@mantine/core';
import { LIMITS } from '@prosa/contracts';
import { IconShare3, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Replaces the composer while messages are being picked for forwarding (at most 10). */
export function SelectionBar({
  count,
  onCancel,
  onForward,
}: {
  count: number;
  onCancel: () => void;
  onForward: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" p="sm" className="prosa-composer" data-testid="forward-bar">
      <Text size="sm" fw={500}>
        {t('desk.forward.selected', { count })}
        <Text span size="xs" c="dimmed" ml={8}>
          {t('desk.forward.max', { max: LIMITS.forwardMessages })}
        </Text>
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" leftSection={<IconX size={14} />} onClick={onCancel}>
          {t('desk.forward.cancel')}
        </Button>
        <Button
          size="xs"
          leftSection={<IconShare3 size={14} />}
          disabled={count === 0}
          onClick={onForward}
          data-testid="forward-open"
        >
          {t('desk.forward.go')}
        </Button>
      </Group>
    </Group>
  );
}
