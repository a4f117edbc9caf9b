import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  loading?: boolean;
  /** Why the action was refused, shown in the dialog (the server's error text). */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action; the confirm button is red and named after the action. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  loading,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm" closeOnClickOutside={!loading}>
      <Text size="sm">{message}</Text>
      {error && (
        <Alert color="red" variant="light" mt="md" data-testid="confirm-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading} data-testid="confirm-button">
          {confirmLabel ?? t('common.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
