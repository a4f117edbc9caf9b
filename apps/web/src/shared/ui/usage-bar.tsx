import { Group, Progress, Stack, Text } from '@mantine/core';

/** "3 of 10" with a bar that turns orange near the limit and red at it. */
export function UsageBar({ label, used, max, ofText }: { label: string; used: number; max: number; ofText: string }) {
  const pct = max > 0 ? Math.min(100, (used / max) * 100) : 0;
  const color = pct >= 100 ? 'red' : pct >= 80 ? 'orange' : 'prosa';
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600}>
          {ofText}
        </Text>
      </Group>
      <Progress value={pct} color={color} size="md" radius="xl" aria-label={label} />
    </Stack>
  );
}
