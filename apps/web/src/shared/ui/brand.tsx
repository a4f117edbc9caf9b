import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconMessageCircle2Filled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const big = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={big ? 40 : 32} radius="md" variant="filled">
        <IconMessageCircle2Filled size={big ? 24 : 19} />
      </ThemeIcon>
      <Text fw={800} fz={big ? 26 : 20} lh={1} style={{ letterSpacing: '-0.02em' }}>
        {t('common.appName')}
      </Text>
    </Group>
  );
}
