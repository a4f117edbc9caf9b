import { Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  label: string;
  value: ReactNode;
  icon: Icon;
  color: string;
  hint?: ReactNode;
  to?: string;
  linkLabel?: string;
  loading?: boolean;
  testId: string;
}

export function StatCard({ label, value, icon: Icon, color, hint, to, linkLabel, loading, testId }: Props) {
  return (
    <Paper p="lg" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {loading ? (
            <Skeleton h={32} w={60} />
          ) : (
            <Text fz={30} fw={700} lh={1.1} data-testid={`${testId}-value`}>
              {value}
            </Text>
          )}
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          <Icon size={24} stroke={1.6} />
        </ThemeIcon>
      </Group>
      {to && linkLabel && (
        <Anchor component={Link} to={to} size="sm" mt="sm" display="inline-block">
          {linkLabel} →
        </Anchor>
      )}
    </Paper>
  );
}
