import { Anchor, Button, Group, Image, Menu, Paper, Stack, Text } from '@mantine/core';
import type { BotReply } from '@prosa/contracts';
import { IconList } from '@tabler/icons-react';

interface Props {
  reply: BotReply;
  disabled: boolean;
  /** A button or list row clicked: the customer "answers" with its label. */
  onChoose: (label: string) => void;
}

/** One bot reply as the customer would see it: text, media, buttons or a list. */
export function BotBubble({ reply, disabled, onChoose }: Props) {
  return (
    <Paper p="xs" radius="md" withBorder mr="xl" data-testid="sim-bot" data-kind={reply.kind}>
      {reply.kind === 'text' && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {reply.body}
        </Text>
      )}
      {reply.kind === 'media' && (
        <Stack gap={4}>
          {reply.type.startsWith('image') ? (
            <Image src={reply.mediaUrl} alt={reply.caption || reply.name} maw={220} radius="sm" />
          ) : (
            <Anchor href={reply.mediaUrl} target="_blank" rel="noreferrer" size="sm">
              {reply.name || reply.mediaUrl}
            </Anchor>
          )}
          {reply.caption && <Text size="sm">{reply.caption}</Text>}
        </Stack>
      )}
      {reply.kind === 'buttons' && (
        <Stack gap={6}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {reply.body}
          </Text>
          <Group gap={4}>
            {reply.buttons.map((label) => (
              <Button key={label} size="xs" variant="light" disabled={disabled} onClick={() => onChoose(label)} data-testid="sim-button">
                {label}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      {reply.kind === 'list' && (
        <Stack gap={6}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {reply.body}
          </Text>
          <Menu withinPortal>
            <Menu.Target>
              <Button size="xs" variant="light" leftSection={<IconList size={14} />} disabled={disabled} data-testid="sim-list">
                {reply.buttonText || '…'}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {reply.rows.map((row) => (
                <Menu.Item key={row.label} onClick={() => onChoose(row.label)} data-testid="sim-list-row">
                  <Text size="sm">{row.label}</Text>
                  {row.description && (
                    <Text size="xs" c="dimmed">
                      {row.description}
                    </Text>
                  )}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Stack>
      )}
    </Paper>
  );
}
