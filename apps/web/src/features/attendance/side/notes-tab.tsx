import { Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import { ZNoteInput } from '@prosa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date';
import { toastError } from '../../../shared/errors/toast-error';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../../shared/ui/query-state';
import { useAddNote, useTicketNotes } from '../api/use-ticket-side';

/** Internal notes of the ticket: the list and a box to add one (ZNoteInput: not empty). */
export function NotesTab({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const notes = useTicketNotes(ticketId);
  const add = useAddNote(ticketId);
  const [body, setBody] = useState('');
  const valid = ZNoteInput.safeParse({ body }).success;
  const submit = () => {
    if (!valid) return;
    add.mutate(body.trim(), { onSuccess: () => setBody(''), onError: toastError });
  };
  return (
    <Stack gap="sm" data-testid="side-notes">
      <Textarea
        placeholder={t('desk.side.notePlaceholder')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={4000}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        data-testid="note-input"
      />
      <Button
        size="xs"
        onClick={submit}
        disabled={!valid}
        loading={add.isPending}
        style={{ alignSelf: 'flex-end' }}
        data-testid="note-add"
      >
        {t('desk.side.addNote')}
      </Button>
      {notes.isPending ? (
        <LoadingBlock />
      ) : notes.isError ? (
        <ErrorBlock error={notes.error} onRetry={() => void notes.refetch()} />
      ) : notes.data.length === 0 ? (
        <EmptyState title={t('desk.side.noNotes')} />
      ) : (
        [...notes.data].reverse().map((note) => (
          <Paper key={note.id} p="xs" radius="md" className="prosa-note" data-testid="note">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.body}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {note.user?.name ?? '—'} · {formatDateTime(note.createdAt)}
            </Text>
          </Paper>
        ))
      )}
    </Stack>
  );
}
