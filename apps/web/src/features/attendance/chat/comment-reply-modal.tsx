import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ZCommentReply, type CommentReply, type Message } from '@prosa/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../../../shared/forms/server-errors';
import { useFieldError } from '../../../shared/forms/use-field-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { useMessageActions } from '../api/use-message-actions';
import { commentText } from './message-rights';

/**
 * "Reply publicly" to a customer's comment (POST /hub-message/comentary/{id}): the answer is
 * published below the comment, for everyone who sees the post, and recorded in the ticket.
 */
export function CommentReplyModal({
  ticketId,
  comment,
  onClose,
}: {
  ticketId: number;
  comment: Message | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { replyComment } = useMessageActions(ticketId);
  const form = useForm<CommentReply>({ resolver: zodResolver(ZCommentReply), defaultValues: { text: '' } });
  const fieldError = useFieldError(form.formState.errors);
  useEffect(() => {
    if (comment) form.reset({ text: '' });
  }, [comment, form]);

  const onSubmit = form.handleSubmit(({ text }) => {
    if (!comment) return;
    replyComment.mutate(
      { id: comment.id, text },
      {
        onSuccess: () => {
          notifySuccess(t('desk.message.commentReplySent'));
          onClose();
        },
        onError: (err) => handleFormError(err, form.setError, ['text']),
      },
    );
  });

  return (
    <Modal opened={!!comment} onClose={onClose} title={t('desk.message.commentReplyTitle')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack>
          {comment && (
            <Text size="sm" c="dimmed" fs="italic" lineClamp={3} data-testid="comment-reply-quote">
              {commentText(comment)}
            </Text>
          )}
          <Textarea
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2200}
            label={t('desk.message.replyPublicly')}
            description={t('desk.message.commentReplyHint')}
            error={fieldError('text')}
            data-autofocus
            data-testid="comment-reply-input"
            {...form.register('text')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={replyComment.isPending} data-testid="comment-reply-send">
              {t('desk.message.commentReplySend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
