import { Badge, ColorSwatch, Group, Text } from '@mantine/core';

export function ColorName({ color, name }: { color: string; name: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch color={color} size={16} withShadow={false} />
      <Text size="sm" fw={500}>
        {name}
      </Text>
    </Group>
  );
}

/** A queue or tag chip in its own colour. */
export function ColorBadge({ color, name }: { color: string; name: string }) {
  return (
    <Badge color={color} variant="light" radius="sm" styles={{ root: { textTransform: 'none' } }} autoContrast>
      {name}
    </Badge>
  );
}
