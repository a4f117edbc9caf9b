import {
  ActionIcon,
  Alert,
  Box,
  Button,
  CloseButton,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { LIMITS, type Message, type Ticket } from '@prosa/contracts';
import {
  IconLock,
  IconPaperclip,
  IconPlayerPlay,
  IconSend,
  IconSignature,
  IconSignatureOff,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/errors/toast-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { useSettings } from '../../settings/use-settings';
import { filesTooBig, newClientId, useSendMessage } from '../api/use-message-actions';
import { useUpdateTicket } from '../api/use-ticket-actions';
import { AttachmentChips } from './attachment-chips';
import { EmojiPicker } from './emoji-picker';
import { QuickMessagePopup, useQuickMessageMenu } from './quick-message-popup';
import { ScheduleButton } from '../../schedules/schedule-button';
import { VoiceRecorder } from '../voice/voice-recorder';

const MAX_FILES = 10;
/** Unsent text per ticket, kept while the agent moves between conversations. */
const drafts = new Map<number, string>();

function CannotReply({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const update = useUpdateTicket();
  const reason = ticket.status === 'pending' ? 'pending' : ticket.status === 'closed' ? 'closed' : 'other';
  return (
    <Alert
      variant="light"
      color={reason === 'pending' ? 'orange' : 'gray'}
      icon={<IconLock size={18} />}
      m="sm"
      data-testid="composer-disabled"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{t(`desk.composer.cannot.${reason}`)}</Text>
        {ticket.can.accept && (
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} />}
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { id: ticket.id, body: { status: 'open' } },
                { onSuccess: () => notifySuccess(t('desk.accepted')), onError: toastError },
              )
            }
            data-testid="composer-accept"
          >
            {t('desk.actions.accept')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/**
 * Text (Enter sends, Shift+Enter breaks the line), emoji, attachments and the quoted reply. While
 * the channel's 24-hour window is closed free text is refused by the server, so the input is
 * disabled (the window warning above offers the template picker instead).
 */
export function Composer({
  ticket,
  quoted,
  onCancelQuote,
  windowClosed = false,
}: {
  ticket: Ticket;
  quoted: Message | null;
  onCancelQuote: () => void;
  windowClosed?: boolean;
}) {
  const { t } = useTranslation();
  const send = useSendMessage(ticket.id);
  const [text, setText] = useState(() => drafts.get(ticket.id) ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const input = useRef<HTMLTextAreaElement>(null);
  // Messages carry the agent's name; the company may let agents switch that off per message.
  const mayUnsign = useSettings().data?.userDisableSignature === 'enabled';
  const [sign, setSign] = useState(true);
  const quick = useQuickMessageMenu({ ticket, text, setText, input, attach: (picked) => addFiles(picked) });

  useEffect(() => {
    drafts.set(ticket.id, text);
  }, [ticket.id, text]);
  useEffect(() => {
    if (quoted) input.current?.focus();
  }, [quoted]);

  if (!ticket.can.reply) return <CannotReply ticket={ticket} />;

  const addFiles = (picked: File[]) => {
    const next = [...files, ...picked];
    if (next.length > MAX_FILES) return toastError(t('desk.composer.tooMany', { max: MAX_FILES }));
    if (filesTooBig(next)) return toastError(t('desk.composer.tooBig', { max: LIMITS.chatFilesTotal / 1024 / 1024 }));
    setFiles(next);
  };

  const submit = () => {
    const body = text.trim();
    if (windowClosed || (!body && files.length === 0)) return;
    send.mutate(
      { body, files, quoted, clientId: newClientId(), ...(mayUnsign ? { sign } : {}) },
      { onError: toastError },
    );
    setText('');
    setFiles([]);
    onCancelQuote();
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (quick.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...e.clipboardData.files];
    if (pasted.length) {
      e.preventDefault();
      addFiles(pasted);
    }
  };
  const insertEmoji = (emoji: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    <Stack gap={0} className="prosa-composer" data-testid="composer" data-window-closed={windowClosed}>
      {quoted && (
        <Group className="prosa-reply-bar" wrap="nowrap" gap="xs" data-testid="composer-quote">
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text size="xs" fw={700} c={quoted.fromMe ? 'prosa' : 'blue'}>
              {t('desk.composer.replyingTo')} {quoted.fromMe ? t('desk.chat.you') : t('desk.chat.contact')}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {quoted.body ||
                quoted.mediaName ||
                t(
                  `desk.message.media.${quoted.mediaType === 'chat' ? 'document' : quoted.mediaType}` as 'desk.message.media.image',
                )}
            </Text>
          </Box>
          <CloseButton size="sm" onClick={onCancelQuote} aria-label={t('desk.composer.cancelReply')} />
        </Group>
      )}
      <QuickMessagePopup {...quick.popup} />
      {files.length > 0 && (
        <AttachmentChips files={files} onRemove={(i) => setFiles(files.filter((_f, j) => j !== i))} />
      )}
      {send.progress !== null && (
        <Box px="md" pt={6}>
          <Text size="xs" c="dimmed">
            {t('desk.composer.uploading', { percent: Math.round(send.progress * 100) })}
          </Text>
          <Progress value={send.progress * 100} size="sm" animated />
        </Box>
      )}
      <Group gap={4} align="flex-end" wrap="nowrap" p="sm">
        <EmojiPicker onPick={insertEmoji} disabled={windowClosed} />
        <FileButton onChange={addFiles} multiple disabled={windowClosed}>
          {(props) => (
            <Tooltip label={t('desk.composer.attach')}>
              <ActionIcon
                {...props}
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('desk.composer.attach')}
                disabled={windowClosed}
                data-testid="composer-attach"
              >
                <IconPaperclip size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <ScheduleButton ticket={ticket} text={text} />
        {mayUnsign && (
          <Tooltip label={t(sign ? 'desk.composer.signed' : 'desk.composer.unsigned')}>
            <ActionIcon
              variant={sign ? 'light' : 'subtle'}
              color={sign ? 'prosa' : 'gray'}
              size="lg"
              aria-label={t('desk.composer.sign')}
              aria-pressed={sign}
              onClick={() => setSign(!sign)}
              data-testid="composer-sign"
            >
              {sign ? <IconSignature size={20} /> : <IconSignatureOff size={20} />}
            </ActionIcon>
          </Tooltip>
        )}
        <Textarea
          ref={input}
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={6}
          radius="lg"
          maxLength={4096}
          placeholder={t(windowClosed ? 'desk.composer.windowClosed' : 'desk.composer.placeholder')}
          aria-label={t('desk.composer.placeholder')}
          disabled={windowClosed}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            quick.track(e.currentTarget);
          }}
          onSelect={(e) => quick.track(e.currentTarget)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          data-testid="composer-input"
        />
        <VoiceRecorder
          disabled={windowClosed}
          onRecorded={(file) => {
            send.mutate(
              { body: '', files: [file], quoted, clientId: newClientId(), ...(mayUnsign ? { sign } : {}) },
              { onError: toastError },
            );
            onCancelQuote();
          }}
        />
        <Tooltip label={t('desk.composer.send')}>
          <ActionIcon
            size="lg"
            radius="xl"
            onClick={submit}
            disabled={windowClosed || (!text.trim() && files.length === 0)}
            aria-label={t('desk.composer.send')}
            data-testid="composer-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}
