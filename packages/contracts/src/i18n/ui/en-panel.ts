import type { UiCatalogue } from '../index.js';

/** Attendance panel texts (/painel-atendimentos) in English. */
export const uiEnPanel: Pick<UiCatalogue, 'panel'> = {
  panel: {
    menu: 'Attendance panel',
    title: 'Attendance panel',
    subtitle: 'Who is handling what right now. It updates itself on every change.',
    byUser: 'By user',
    byQueue: 'By queue',
    synthetic: 'Compact',
    fullScreen: 'Full screen',
    exitFullScreen: 'Leave full screen',
    open: 'Open',
    pending: 'Pending',
    waiting: 'Awaiting reply',
    unassigned: 'Unassigned',
    longestWait: 'Longest wait',
    agentsOnline: 'Agents online',
    noWait: 'Nobody waiting',
    since: '{{time}} ago',
    noTickets: 'No tickets',
    noQueue: 'No queue',
    empty: 'Nothing in service right now.',
    presence: { online: 'Online', idle: 'Away', offline: 'Offline' },
    user: 'User',
    queue: 'Queue',
    total: 'Total',
    openTicket: "Open {{name}}'s ticket",
  },
};
