import { Box, Group, Loader, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { QuickMessage, Ticket } from '@prosa/contracts';
import { IconPaperclip } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/use-session';
import { toastError } from '../../../shared/errors/toast-error';
import { quickMessageFile, useQuickMessages } from '../../quick-messages/use-quick-messages';
import { applyQuickMessage, matchQuickMessages, ticketVariables, triggerAt } from './quick-message-trigger';

/**
 * The composer's quick messages: typing `/` at the start or after a space opens them, filtered by
 * the key typed after the slash; arrow keys move, Enter (or Tab) picks, Esc closes. The pick
 * replaces `/key` with the message, its variables filled, and attaches its file.
 */
export function useQuickMessageMenu({
  ticket,
  text,
  setText,
  input,
  attach,
}: {
  ticket: Ticket;
  text: string;
  setText: (text: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
  attach: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [caret, setCaret] = useState(0);
  // Esc closes the popup for this slash only; typing another one opens it again.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const trigger = triggerAt(text, caret);
  const open = !!trigger && trigger.start !== dismissed;
  const list = useQuickMessages(!!trigger);
  const query = trigger?.query ?? '';
  const matches = useMemo(
    () => (open && list.data ? matchQuickMessages(list.data, query) : []),
    [open, list.data, query],
  );
  useEffect(() => setActive(0), [query, open]);

  const pick = (m: QuickMessage) => {
    if (!trigger) return;
    const agent = session ? { name: session.username, email: session.email } : null;
    const next = applyQuickMessage(text, trigger, m.message, ticketVariables(ticket, agent));
    setText(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.caret, next.caret);
    });
    if (m.media) {
      quickMessageFile(m)
        .then((file) => file && attach([file]))
        .catch(() => toastError(t('quick.attachFailed')));
    }
  };

  /** Keys the popup takes while open; true when it took this one (the composer then does nothing). */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || e.nativeEvent.isComposing) return false;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setDismissed(trigger.start);
      return true;
    }
    if (!matches.length) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + matches.length) % matches.length);
      return true;
    }
    if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
      e.preventDefault();
      pick(matches[Math.min(active, matches.length - 1)]!);
      return true;
    }
    return false;
  };

  /** Follows the caret: the trigger is the text just before it. */
  const track = (el: HTMLTextAreaElement) => {
    setCaret(el.selectionStart ?? el.value.length);
    if (dismissed !== null && triggerAt(el.value, el.selectionStart ?? 0)?.start !== dismissed) setDismissed(null);
  };

  return {
    onKeyDown,
    track,
    popup: { open, loading: list.isPending, matches, active, onPick: pick, onHover: setActive },
  };
}

/** The list above the input; it overlays the conversation and takes no room of its own. */
export function QuickMessagePopup({
  open,
  loading,
  matches,
  active,
  onPick,
  onHover,
}: ReturnType<typeof useQuickMessageMenu>['popup']) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <Box pos="relative">
      <Paper
        pos="absolute"
        bottom={0}
        left={8}
        right={8}
        shadow="md"
        withBorder
        radius="md"
        style={{ zIndex: 20 }}
        role="listbox"
        aria-label={t('quick.popupTitle')}
        data-testid="quick-popup"
      >
        <Group
          justify="space-between"
          px="sm"
          py={6}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="xs" fw={700}>
            {t('quick.popupTitle')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('quick.popupHint')}
          </Text>
        </Group>
        {loading ? (
          <Group justify="center" p="sm">
            <Loader size="sm" />
          </Group>
        ) : matches.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm" data-testid="quick-popup-empty">
            {t('quick.popupEmpty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={260}>
            <Stack gap={0} p={4}>
              {matches.map((m, i) => (
                <UnstyledButton
                  key={m.id}
                  role="option"
                  aria-selected={i === active}
                  px="sm"
                  py={6}
                  style={{
                    borderRadius: 6,
                    background: i === active ? 'var(--mantine-primary-color-light)' : undefined,
                  }}
                  // Keeps the focus in the input: the pick puts the caret after the text.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => onPick(m)}
                  onMouseEnter={() => onHover(i)}
                  data-testid="quick-popup-item"
                  data-key={m.key}
                  data-active={i === active}
                >
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600} ff="monospace">
                      /{m.key}
                    </Text>
                    {m.media && <IconPaperclip size={14} aria-label={m.media.name} />}
                    <Text size="sm" c="dimmed" truncate style={{ flex: 1, minWidth: 0 }}>
                      {m.message || m.media?.name}
                    </Text>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Paper>
    </Box>
  );
}
