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

/**
 * A queue or tag chip: a dot in its own colour and the name in the text colour. The colour is the
 * user's choice, so as text (or text on its tint) it could be unreadable in either scheme.
 */
export function ColorBadge({ color, name }: { color: string; name: string }) {
  return (
    <Badge color={color} variant="dot" radius="sm" styles={{ root: { textTransform: 'none' } }}>
      {name}
    </Badge>
  );
}
