import { ActionIcon, Popover, ScrollArea, SimpleGrid, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A small built-in set of the emoji people use most in support chats (no picker package). */
const GROUPS = {
  smileys:
    '😀 😃 😄 😁 😆 😅 😂 🤣 😊 😇 🙂 😉 😍 🥰 😘 😋 😎 🤩 🥳 🤔 🤗 🤭 😐 😶 🙄 😏 😬 😌 😔 😴 😷 🤒 😕 😟 🙁 😮 😲 😳 🥺 😢 😭 😤 😡 🤯',
  gestures: '👍 👎 👌 ✌️ 🤞 🤝 🙏 👏 🙌 👋 💪 👀 ❤️ 🧡 💛 💚 💙 💜 🖤 💔 💯 ✅ ❌ ⚠️ ❓ ❗',
  objects: '🎉 🎁 🔥 ⭐ ✨ ☀️ 🌧️ ☕ 🍞 🥐 🎂 🍕 📦 🚚 🛒 💳 💰 🧾 📅 ⏰ 📞 📱 💻 📎 📷 📍 🏠 🔒',
} as const;

export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'];

/** The grid of emoji by group; with `only`, just those (a channel that takes a fixed list). */
export function EmojiGrid({
  onPick,
  columns = 8,
  only,
}: {
  onPick: (emoji: string) => void;
  columns?: number;
  only?: readonly string[];
}) {
  const { t } = useTranslation();
  const button = (emoji: string) => (
    <UnstyledButton
      key={emoji}
      onClick={() => onPick(emoji)}
      className="prosa-emoji"
      aria-label={emoji}
      data-testid="emoji-option"
    >
      {emoji}
    </UnstyledButton>
  );
  if (only)
    return (
      <ScrollArea.Autosize mah={260} type="auto">
        <SimpleGrid cols={columns} spacing={2} verticalSpacing={2} pr={6}>
          {only.map(button)}
        </SimpleGrid>
      </ScrollArea.Autosize>
    );
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <Stack gap={6} pr={6}>
        {(Object.keys(GROUPS) as (keyof typeof GROUPS)[]).map((group) => (
          <div key={group}>
            <Text size="xs" c="dimmed" fw={600} mb={2}>
              {t(`desk.emoji.${group}`)}
            </Text>
            <SimpleGrid cols={columns} spacing={2} verticalSpacing={2}>
              {GROUPS[group].split(' ').map(button)}
            </SimpleGrid>
          </div>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** The composer's emoji button; stays open so several can be picked. */
export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" shadow="md" width={300} withinPortal>
      <Popover.Target>
        <Tooltip label={t('desk.composer.emoji')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            disabled={disabled}
            onClick={() => setOpened((o) => !o)}
            aria-label={t('desk.composer.emoji')}
            data-testid="composer-emoji"
          >
            <IconMoodSmile size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <EmojiGrid onPick={onPick} />
      </Popover.Dropdown>
    </Popover>
  );
}
