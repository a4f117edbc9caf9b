import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import {
  IconArrowBackUp,
  IconArrowsExchange,
  IconCheck,
  IconDots,
  IconFileTypePdf,
  IconLayoutSidebarRight,
  IconLock,
  IconLockOpen,
  IconPlayerPlay,
  IconRefresh,
  IconRobot,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http, PDF_TIMEOUT_MS } from '../../../shared/api/client';
import { saveBlob } from '../../../shared/api/upload';
import { toastError } from '../../../shared/errors/toast-error';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notifyNotice, notifySuccess } from '../../../shared/ui/notify';
import { useDeleteTicket, useTicketPrivacy, useUpdateTicket } from '../api/use-ticket-actions';
import { TakeOverButton } from '../../integrations/ticket-integration';
import { CloseTicketModal } from './close-ticket-modal';
import { SendToBotModal } from './send-to-bot-modal';
import { TransferTicketModal } from './transfer-ticket-modal';

type Dialog = 'close' | 'transfer' | 'bot' | 'delete' | null;

/** The actions the server says this user may take on the ticket (`can`), plus the PDF. */
export function TicketActions({ ticket, onTogglePanel }: { ticket: Ticket; onTogglePanel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateTicket();
  const remove = useDeleteTicket();
  const privacy = useTicketPrivacy();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const { can } = ticket;
  const busy = update.isPending ? update.variables?.body.status : undefined;

  const setStatus = (status: 'open' | 'pending', done: string) =>
    update.mutate({ id: ticket.id, body: { status } }, { onSuccess: () => notifySuccess(done), onError: toastError });

  const downloadPdf = async () => {
    setPdfBusy(true);
    notifyNotice('ticket-pdf', t('desk.actions.pdfPreparing'));
    try {
      const blob = await http.blob(`/messages/pdf/${ticket.id}`, { timeoutMs: PDF_TIMEOUT_MS });
      saveBlob(blob, `${ticket.protocol || ticket.id}.pdf`);
    } catch (err) {
      toastError(err);
    } finally {
      setPdfBusy(false);
    }
  };

  const togglePrivate = () =>
    privacy.mutate(
      { id: ticket.id, isPrivate: !ticket.isPrivate },
      {
        onSuccess: (saved) =>
          notifySuccess(t(saved.isPrivate ? 'desk.actions.madePrivate' : 'desk.actions.madePublic')),
        onError: toastError,
      },
    );

  const confirmDelete = () =>
    remove.mutate(ticket, {
      onSuccess: () => {
        notifySuccess(t('desk.actions.deleted'));
        void navigate('/atendimento');
      },
      onError: toastError,
      onSettled: () => setDialog(null),
    });

  return (
    <Group gap={6} wrap="nowrap">
      <TakeOverButton ticket={ticket} />
      {can.accept && !ticket.integration && (
        <Button
          size="xs"
          leftSection={<IconPlayerPlay size={14} />}
          loading={busy === 'open'}
          onClick={() => setStatus('open', t('desk.accepted'))}
          data-testid="chat-accept"
        >
          {t('desk.actions.accept')}
        </Button>
      )}
      {can.reopen && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={busy === 'open'}
          onClick={() => setStatus('open', t('desk.actions.reopened'))}
          data-testid="chat-reopen"
        >
          {t('desk.actions.reopen')}
        </Button>
      )}
      {can.returnToQueue && (
        <Tooltip label={t('desk.actions.return')}>
          <ActionIcon
            variant="default"
            size={30}
            loading={busy === 'pending'}
            onClick={() => setStatus('pending', t('desk.actions.returned'))}
            aria-label={t('desk.actions.return')}
            data-testid="chat-return"
          >
            <IconArrowBackUp size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {can.transfer && (
        <Tooltip label={t('desk.actions.transfer')}>
          <ActionIcon
            variant="default"
            size={30}
            onClick={() => setDialog('transfer')}
            aria-label={t('desk.actions.transfer')}
            data-testid="chat-transfer"
          >
            <IconArrowsExchange size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {can.close && !can.accept && (
        <Button
          size="xs"
          color="teal"
          leftSection={<IconCheck size={14} />}
          onClick={() => setDialog('close')}
          data-testid="chat-close"
        >
          {t('desk.actions.close')}
        </Button>
      )}
      {can.close && can.accept && (
        <Tooltip label={t('desk.actions.close')}>
          <ActionIcon
            variant="default"
            size={30}
            onClick={() => setDialog('close')}
            aria-label={t('desk.actions.close')}
            data-testid="chat-close"
          >
            <IconCheck size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size={30} aria-label={t('desk.actions.more')} data-testid="chat-more">
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconFileTypePdf size={16} />}
            onClick={() => void downloadPdf()}
            disabled={pdfBusy}
            data-testid="chat-pdf"
          >
            {t('desk.actions.pdf')}
          </Menu.Item>
          {can.transfer && (
            <Menu.Item leftSection={<IconRobot size={16} />} onClick={() => setDialog('bot')} data-testid="chat-send-to-bot">
              {t('chatbot.sendToBot.menu')}
            </Menu.Item>
          )}
          {can.markPrivate && (
            <Menu.Item
              leftSection={ticket.isPrivate ? <IconLockOpen size={16} /> : <IconLock size={16} />}
              onClick={togglePrivate}
              disabled={privacy.isPending}
              data-testid="chat-private"
            >
              {t(ticket.isPrivate ? 'desk.actions.makePublic' : 'desk.actions.makePrivate')}
            </Menu.Item>
          )}
          {can.delete && (
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDialog('delete')}
              data-testid="chat-delete"
            >
              {t('desk.actions.delete')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Tooltip label={t('desk.actions.panel')}>
        <ActionIcon
          variant="subtle"
          size={30}
          onClick={onTogglePanel}
          aria-label={t('desk.actions.panel')}
          data-testid="chat-panel"
        >
          <IconLayoutSidebarRight size={18} />
        </ActionIcon>
      </Tooltip>
      <CloseTicketModal ticket={ticket} opened={dialog === 'close'} onClose={() => setDialog(null)} />
      <TransferTicketModal ticket={ticket} opened={dialog === 'transfer'} onClose={() => setDialog(null)} />
      <SendToBotModal ticket={ticket} opened={dialog === 'bot'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('desk.actions.delete')}
        message={t('desk.actions.deleteConfirm', { protocol: ticket.protocol })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDialog(null)}
      />
    </Group>
  );
}
