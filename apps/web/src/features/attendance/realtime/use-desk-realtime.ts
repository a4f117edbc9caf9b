import type { Message, Ticket } from '@prosa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { getSession } from '../../../shared/auth/session';
import { i18n } from '../../../shared/i18n/i18n';
import { connectSocket } from '../../../shared/realtime/socket';
import { notifyNotice } from '../../../shared/ui/notify';
import { mergeNewestPage, upsertMessage } from '../api/message-cache';
import { applyTicketToLists, cachedTicket } from '../api/ticket-cache';
import { chatPath, messageKeys, ticketKeys } from '../api/ticket-keys';
import { fetchMessagesPage } from '../api/use-messages';
import { SETTINGS_QUERY_KEY, useSettings } from '../../settings/use-settings';
import { logMayHaveChanged } from '../chat/timeline';
import { beep, showNotification } from './inbound-alert';
import { inboundReaction } from './inbound-alert-decision';

interface TicketEvent {
  action: 'create' | 'update' | 'delete';
  ticket: Ticket;
}
interface MessageEvent {
  action: 'create' | 'update' | 'delete';
  message: Message;
  ticketId: number;
}

/** Runs `fn` once per key after `ms` of quiet. */
function debouncer(ms: number) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const run = (key: string, fn: () => void) => {
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => (timers.delete(key), fn()), ms),
    );
  };
  const clear = () => timers.forEach((t) => clearTimeout(t));
  return { run, clear };
}

const preview = (m: Message) =>
  m.body.replace(/\s+/g, ' ').trim().slice(0, 120) || (m.mediaName ?? i18n.t('desk.notifications.media'));

/**
 * Socket events -> query caches (no store copies server data): `ticket` places the ticket in every
 * cached list and the detail, `message` goes into its conversation, `contact` refreshes contact
 * lists. After every connect (the first one too) everything ticket- and message-shaped is refetched to catch up.
 */
export function useDeskRealtime(focusedId: number | null): void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const focused = useRef(focusedId);
  focused.current = focusedId;
  // Read inside the socket handlers, which are set up once: a ref follows the setting's changes.
  const groupAlerts = useRef(false);
  groupAlerts.current = useSettings().data?.groupnotification === 'enabled';

  useEffect(() => {
    const socket = connectSocket();
    const later = debouncer(700);

    const onTicket = (e: TicketEvent) => {
      const session = getSession();
      if (!session || !e?.ticket) return;
      const { ticket, action } = e;
      for (const key of applyTicketToLists(qc, ticket, action, session)) {
        later.run(JSON.stringify(key), () => void qc.invalidateQueries({ queryKey: key, exact: true }));
      }
      if (action === 'delete') {
        qc.removeQueries({ queryKey: ticketKeys.detail(ticket.id) });
        if (focused.current === ticket.id) {
          notifyNotice('ticket-deleted', i18n.t('desk.chat.notFound'), 'orange');
          void navigate('/atendimento');
        }
      } else {
        const before = qc.getQueryData<Ticket>(ticketKeys.detail(ticket.id));
        if (before) {
          qc.setQueryData(ticketKeys.detail(ticket.id), ticket);
          // The open chat shows the log: read it again when it changed, not on every message.
          if (logMayHaveChanged(before, ticket))
            void qc.invalidateQueries({ queryKey: ticketKeys.logs(ticket.id), refetchType: 'active' });
        }
      }
      later.run('counts', () => void qc.invalidateQueries({ queryKey: ticketKeys.counts }));
    };

    const onMessage = (e: MessageEvent) => {
      if (!e?.message) return;
      const { message, ticketId } = e;
      upsertMessage(qc, ticketId, message);
      const ticket = cachedTicket(qc, ticketId);
      const reaction = inboundReaction({
        action: e.action,
        fromMe: message.fromMe,
        inFocus: focused.current === ticketId && document.visibilityState === 'visible',
        isGroup: ticket?.isGroup ?? false,
        groupNotification: groupAlerts.current,
      });
      if (reaction === 'ignore') return;
      if (reaction === 'read') {
        // Read at once: reading the newest page marks the ticket read on the server.
        later.run(
          `read:${ticketId}`,
          () =>
            void fetchMessagesPage(ticketId, 1)
              .then((page) => mergeNewestPage(qc, ticketId, page))
              .catch(() => undefined),
        );
        return;
      }
      beep();
      const name = ticket?.contact.name ?? '';
      showNotification(
        i18n.t('desk.notifications.newMessage', { name }),
        preview(message),
        `ticket-${ticketId}`,
        () => void navigate(chatPath(ticketId, { t: Date.now() })),
      );
    };

    const onContact = () => void qc.invalidateQueries({ queryKey: ['contacts'] });
    // An admin changed a setting: what the desk allows and alerts follows without a reload.
    const onSettings = () => void qc.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
    // Events reach a socket only once it has joined its rooms (in the handshake): whatever was
    // read before this connect (the first one too, when the lists loaded before the socket was
    // up) or during a cut may have missed events, so ticket- and message-shaped data is read again.
    const onConnect = () => {
      void qc.invalidateQueries({ queryKey: ticketKeys.all });
      void qc.invalidateQueries({ queryKey: messageKeys.all });
    };

    socket.on('ticket', onTicket);
    socket.on('message', onMessage);
    socket.on('contact', onContact);
    socket.on('settings', onSettings);
    socket.on('connect', onConnect);
    return () => {
      later.clear();
      socket.off('ticket', onTicket);
      socket.off('message', onMessage);
      socket.off('contact', onContact);
      socket.off('settings', onSettings);
      socket.off('connect', onConnect);
    };
  }, [qc, navigate]);
}
