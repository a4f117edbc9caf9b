import { Box } from '@mantine/core';
import { Outlet, useLocation, useMatch } from 'react-router';
import { TicketListPane } from './list/ticket-list-pane';
import { useDeskRealtime } from './realtime/use-desk-realtime';

/**
 * /atendimento (SPEC §2): the ticket list on the left, the child route on the right (the empty
 * chat, a chat, or the contact list in chat mode). On phones one of the two shows at a time.
 */
export function AttendancePage() {
  const { pathname } = useLocation();
  const match = useMatch('/atendimento/:ticketId');
  const raw = match?.params.ticketId ?? '';
  const focusedId = /^\d+$/.test(raw) ? Number(raw) : null;
  useDeskRealtime(focusedId);
  const childOpen = pathname.replace(/\/+$/, '') !== '/atendimento';
  return (
    <Box className="prosa-desk" data-chat-open={childOpen || undefined} data-testid="desk">
      <Box className="prosa-desk-list">
        <TicketListPane focusedId={focusedId} />
      </Box>
      <Box className="prosa-desk-main">
        <Outlet />
      </Box>
    </Box>
  );
}
