import type { UiCatalogue } from '../index.js';

/** Attendance panel texts (/painel-atendimentos) in Spanish. */
export const uiEsPanel: Pick<UiCatalogue, 'panel'> = {
  panel: {
    menu: 'Panel de atenciones',
    title: 'Panel de atenciones',
    subtitle: 'Quién atiende qué en este momento. Se actualiza solo con cada cambio.',
    byUser: 'Por usuario',
    byQueue: 'Por cola',
    synthetic: 'Sintético',
    fullScreen: 'Pantalla completa',
    exitFullScreen: 'Salir de pantalla completa',
    open: 'Abiertos',
    pending: 'Pendientes',
    waiting: 'Esperando respuesta',
    unassigned: 'Sin agente',
    longestWait: 'Mayor espera',
    agentsOnline: 'Agentes en línea',
    noWait: 'Nadie esperando',
    since: 'hace {{time}}',
    noTickets: 'Sin atenciones',
    noQueue: 'Sin cola',
    empty: 'Nada en atención ahora.',
    presence: { online: 'En línea', idle: 'Ausente', offline: 'Desconectado' },
    user: 'Usuario',
    queue: 'Cola',
    total: 'Total',
    openTicket: 'Abrir la atención de {{name}}',
  },
};
