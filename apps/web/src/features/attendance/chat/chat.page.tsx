import { Box, Button, Center, Drawer, Loader, Stack } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { LIMITS, type Message, type Ticket } from '@prosa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { toastError } from '../../../shared/errors/toast-error';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../../shared/ui/notify';
import { EmptyState, ErrorBlock } from '../../../shared/ui/query-state';
import { dropLocalMessage } from '../api/message-cache';
import { failedSend, useMessageActions, useSendMessage } from '../api/use-message-actions';
import { keepNewestPageOnly } from '../api/use-messages';
import { useTicket } from '../api/use-tickets';
import { SidePanel } from '../side/side-panel';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import { CommentReplyModal } from './comment-reply-modal';
import { EditMessageModal } from './edit-message-modal';
import { ForwardModal } from './forward-modal';
import { MessageList } from './message-list';
import { SelectionBar } from './selection-bar';
import { isWindowClosed, useChatWindow } from './use-chat-window';
import { WindowWarning } from './window-warning';

/** The chat of one ticket: header, conversation, composer and the side panel. */
function ChatView({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Wide screens keep the panel beside the chat (the choice is remembered); others open it as a drawer.
  const wide = useMediaQuery('(min-width: 100em)') ?? false;
  const [pinnedOpen, setPinnedOpen] = useLocalStorage({ key: 'prosa-desk-panel', defaultValue: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const panelOpen = wide ? pinnedOpen : drawerOpen;
  const setPanelOpen = wide ? setPinnedOpen : setDrawerOpen;
  const qc = useQueryClient();
  const actions = useMessageActions(ticket.id);
  const send = useSendMessage(ticket.id);
  const [quoted, setQuoted] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [answering, setAnswering] = useState<Message | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number> | null>(null);
  const [forwarding, setForwarding] = useState(false);
  const chatWindow = useChatWindow(ticket);

  const onToggleSelect = useCallback(
    (m: Message) => {
      setSelected((cur) => {
        const next = new Set(cur ?? []);
        if (next.has(m.id)) next.delete(m.id);
        else if (next.size < LIMITS.forwardMessages) next.add(m.id);
        else toastError(t('desk.forward.max', { max: LIMITS.forwardMessages }));
        return next;
      });
    },
    [t],
  );
  const { react, resend } = actions;
  const sendMutate = send.mutate;
  const handlers = useMemo(
    () => ({
      onReply: (m: Message) => setQuoted(m),
      onReact: (m: Message, emoji: string) => react.mutate({ id: m.id, emoji }, { onError: toastError }),
      onEdit: (m: Message) => setEditing(m),
      onDelete: (m: Message) => setDeleting(m),
      onReplyComment: (m: Message) => setAnswering(m),
      onForward: (m: Message) => setSelected(new Set([m.id])),
      onToggleSelect,
      onDiscard: (m: Message) => {
        if (m.clientId) dropLocalMessage(qc, ticket.id, m.clientId);
      },
      onRetry: (m: Message) => {
        // A send that never reached the server is posted again with its clientId; a failed delivery is resent.
        const out = failedSend(m.clientId?.split(':')[0] ?? null);
        if (m.id < 0 && out) sendMutate(out, { onError: toastError });
        else if (m.id > 0)
          resend.mutate(m.id, { onSuccess: () => notifySuccess(t('desk.message.resent')), onError: toastError });
      },
    }),
    // The mutation objects change every render; their mutate functions do not.
    [react.mutate, resend.mutate, sendMutate, onToggleSelect, t, qc, ticket.id],
  );

  const confirmDelete = () =>
    deleting && actions.remove.mutate(deleting.id, { onError: toastError, onSettled: () => setDeleting(null) });
  const panel = <SidePanel ticket={ticket} />;
  const pageNumber = Number(params.get('pageNumber') ?? 1);

  return (
    <Box style={{ display: 'flex', flex: 1, minHeight: 0 }}>
      <Stack
        gap={0}
        style={{ flex: 1, minWidth: 0 }}
        className="prosa-chat-bg"
        data-testid="chat"
        data-ticket-id={ticket.id}
      >
        <ChatHeader ticket={ticket} onTogglePanel={() => setPanelOpen(!panelOpen)} />
        <WindowWarning ticket={ticket} window={chatWindow.data} />
        <MessageList
          ticketId={ticket.id}
          initialPages={Number.isInteger(pageNumber) && pageNumber > 0 ? Math.min(pageNumber, 50) : 1}
          scrollSignal={params.get('t')}
          selecting={!!selected}
          selectedIds={selected ?? new Set()}
          rights={ticket}
          accessKey={`${ticket.status}:${ticket.userId ?? ''}`}
          {...handlers}
        />
        {selected ? (
          <SelectionBar
            count={selected.size}
            onCancel={() => setSelected(null)}
            onForward={() => setForwarding(true)}
          />
        ) : (
          <Composer
            ticket={ticket}
            quoted={quoted}
            onCancelQuote={() => setQuoted(null)}
            windowClosed={isWindowClosed(chatWindow.data)}
          />
        )}
      </Stack>
      {wide && panelOpen && (
        <Box w={330} className="prosa-side-panel" data-testid="side-panel">
          {panel}
        </Box>
      )}
      <Drawer
        opened={!wide && panelOpen}
        onClose={() => setPanelOpen(false)}
        position="right"
        size={360}
        padding={0}
        withCloseButton={false}
      >
        {!wide && panelOpen && <Box h="100vh">{panel}</Box>}
      </Drawer>
      <EditMessageModal ticketId={ticket.id} message={editing} onClose={() => setEditing(null)} />
      <CommentReplyModal ticketId={ticket.id} comment={answering} onClose={() => setAnswering(null)} />
      <ForwardModal
        messageIds={[...(selected ?? [])]}
        opened={forwarding}
        onClose={() => setForwarding(false)}
        onDone={() => {
          setForwarding(false);
          setSelected(null);
        }}
      />
      <ConfirmDialog
        opened={!!deleting}
        title={t('desk.message.deleteTitle')}
        message={t('desk.message.deleteConfirm')}
        loading={actions.remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

/** /atendimento/:ticketId (the named route "chat": ticketId, pageNumber, query t). */
export function ChatPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = Number(useParams().ticketId);
  // A new visit starts from the newest page (older ones load when scrolled to).
  useMemo(() => keepNewestPageOnly(qc, id), [qc, id]);
  const ticket = useTicket(id);

  if (ticket.data) return <ChatView key={id} ticket={ticket.data} />;
  if (ticket.isError) {
    const missing = ticket.error instanceof ApiError && (ticket.error.status === 404 || ticket.error.status === 400);
    return (
      <Center style={{ flex: 1 }} p="lg">
        {missing ? (
          <EmptyState
            title={t('desk.chat.notFound')}
            action={
              <Button variant="light" onClick={() => void navigate('/atendimento')}>
                {t('desk.chat.back')}
              </Button>
            }
          />
        ) : (
          <ErrorBlock error={ticket.error} onRetry={() => void ticket.refetch()} />
        )}
      </Center>
    );
  }
  return (
    <Center style={{ flex: 1 }}>
      <Loader />
    </Center>
  );
}
