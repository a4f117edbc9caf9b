import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { RouterProvider as DomRouterProvider } from 'react-router/dom';
import { LoginPage } from '../features/auth/login.page';
import { RecoverPasswordPage } from '../features/auth/recover-password.page';
import { SignupPage } from '../features/auth/signup.page';
import { AppLayout } from './app-layout';
import { loadChunk } from './chunk-load';
import { CrashPage } from './crash.page';
import { guard } from './navigation-guard';
import { NotFoundPage } from './not-found.page';
import { Root, RootFallback } from './root';

/**
 * Screens behind the login are loaded on demand (one chunk each: the attendance screen, the
 * dashboard's charts and the QR code library are not in the first download), each given up
 * after SPEC §9's 120 s.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await loadChunk(load))[name] as ComponentType });
}

/** Public screens: reachable without a token (SPEC §6). The recovery path is not shown in any menu. */
const publicRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'signup', element: <SignupPage /> },
  { path: 'recuperar-senha', element: <RecoverPasswordPage /> },
];

/** Screens inside the main layout; each runs the navigation guard with the access it needs. */
const layoutRoutes: RouteObject[] = [
  {
    index: true,
    id: 'home-dashboard',
    loader: guard('home'),
    lazy: page(() => import('../features/home/home-dashboard.page'), 'HomeDashboardPage'),
  },
  {
    path: 'home',
    loader: guard('home'),
    lazy: page(() => import('../features/home/home-dashboard.page'), 'HomeDashboardPage'),
  },
  {
    path: 'atendimento',
    id: 'atendimento',
    loader: guard('auth'),
    lazy: page(() => import('../features/attendance/attendance.page'), 'AttendancePage'),
    // SPEC §2 children: the empty chat, the contact list in chat mode, and the named route "chat"
    // (params ticketId and pageNumber as ?pageNumber=, query t: see chatPath()).
    children: [
      { index: true, lazy: page(() => import('../features/attendance/empty-chat.page'), 'EmptyChatPage') },
      { path: 'contatos', lazy: page(() => import('../features/attendance/pick-contact.page'), 'PickContactPage') },
      { path: ':ticketId', id: 'chat', lazy: page(() => import('../features/attendance/chat/chat.page'), 'ChatPage') },
    ],
  },
  {
    path: 'contatos',
    loader: guard('auth'),
    lazy: page(() => import('../features/contacts/contacts.page'), 'ContactsPage'),
  },
  {
    path: 'agendamentos',
    loader: guard('auth'),
    lazy: page(() => import('../features/schedules/schedules.page'), 'SchedulesPage'),
  },
  {
    path: 'financeiro',
    loader: guard('auth'),
    lazy: page(() => import('../features/financial/financial.page'), 'FinancialPage'),
  },
  {
    path: 'sessoes',
    loader: guard('admin'),
    lazy: page(() => import('../features/sessions/sessions.page'), 'SessionsPage'),
  },
  { path: 'kanban', loader: guard('auth'), lazy: page(() => import('../features/kanban/kanban.page'), 'KanbanPage') },
  {
    path: 'painel-atendimentos',
    loader: guard('supervisor'),
    lazy: page(() => import('../features/panel/panel.page'), 'PanelPage'),
  },
  { path: 'tarefas', loader: guard('auth'), lazy: page(() => import('../features/tasks/tasks.page'), 'TasksPage') },
  {
    path: 'mensagens-rapidas',
    loader: guard('auth'),
    lazy: page(() => import('../features/quick-messages/quick-messages.page'), 'QuickMessagesPage'),
  },
  {
    path: 'despedida',
    loader: guard('auth'),
    lazy: page(() => import('../features/farewells/farewells.page'), 'FarewellsPage'),
  },
  { path: 'usuarios', loader: guard('admin'), lazy: page(() => import('../features/users/users.page'), 'UsersPage') },
  { path: 'filas', loader: guard('admin'), lazy: page(() => import('../features/queues/queues.page'), 'QueuesPage') },
  { path: 'integracoes', loader: guard('admin'), lazy: page(() => import('../features/integrations/integrations.page'), 'IntegrationsPage') },
  { path: 'campanhas', loader: guard('admin'), lazy: page(() => import('../features/campaigns/campaigns.page'), 'CampaignsPage') },
  {
    path: 'campanhas/:campanhaId',
    loader: guard('admin'),
    lazy: page(() => import('../features/campaigns/campaign-contacts.page'), 'CampaignContactsPage'),
  },
  {
    path: 'relatorios',
    loader: guard('supervisor'),
    lazy: page(() => import('../features/reports/reports-index.page'), 'ReportsIndexPage'),
  },
  {
    path: 'relatorios/:slug',
    loader: guard('supervisor'),
    lazy: page(() => import('../features/reports/report.page'), 'ReportPage'),
  },
  { path: 'etiquetas', loader: guard('admin'), lazy: page(() => import('../features/tags/tags.page'), 'TagsPage') },
  {
    path: 'linhas-chamada',
    loader: guard('admin'),
    lazy: page(() => import('../features/call-lines/call-lines.page'), 'CallLinesPage'),
  },
  { path: 'equipes', loader: guard('admin'), lazy: page(() => import('../features/teams/teams.page'), 'TeamsPage') },
  {
    path: 'chat-interno',
    loader: guard('auth'),
    lazy: page(() => import('../features/internal-chat/internal-chat.page'), 'InternalChatPage'),
  },
  {
    path: 'configuracoes-api',
    loader: guard('admin'),
    lazy: page(() => import('../features/api-configs/api-configs.page'), 'ApiConfigsPage'),
  },
  {
    path: 'configuracoes',
    loader: guard('admin'),
    lazy: page(() => import('../features/settings/settings.page'), 'SettingsPage'),
  },
  {
    path: 'chat-flow',
    loader: guard('admin'),
    lazy: page(() => import('../features/chatbot/list/chat-flows.page'), 'ChatFlowsPage'),
  },
  {
    path: 'chat-flow/builder',
    loader: guard('admin'),
    lazy: page(() => import('../features/chatbot/builder/flow-builder.page'), 'FlowBuilderPage'),
  },
  {
    path: 'chatbot',
    loader: guard('admin'),
    lazy: page(() => import('../features/chatbot/settings/chatbot.page'), 'ChatbotPage'),
  },
  {
    path: 'horario-atendimento',
    loader: guard('admin'),
    lazy: page(() => import('../features/business-hours/business-hours.page'), 'BusinessHoursPage'),
  },
  {
    path: 'empresas',
    loader: guard('operator'),
    lazy: page(() => import('../features/tenants/tenants.page'), 'TenantsPage'),
  },
  { path: 'ajuda', loader: guard('auth'), lazy: page(() => import('../features/help/help.page'), 'HelpPage') },
  {
    path: 'ajuda/gerenciar',
    loader: guard('operator'),
    lazy: page(() => import('../features/help/helps-admin.page'), 'HelpsAdminPage'),
  },
  {
    path: 'revendedores',
    loader: guard('operator'),
    lazy: page(() => import('../features/resellers/resellers.page'), 'ResellersPage'),
  },
  { path: 'planos', loader: guard('operator'), lazy: page(() => import('../features/plans/plans.page'), 'PlansPage') },
  {
    path: 'configuracoes-plataforma',
    loader: guard('operator'),
    lazy: page(() => import('../features/platform/platform-settings.page'), 'PlatformSettingsPage'),
  },
  {
    path: 'white-label',
    loader: guard('operator'),
    lazy: page(() => import('../features/platform/white-label.page'), 'WhiteLabelPage'),
  },
];

export const router = createHashRouter([
  {
    element: <Root />,
    hydrateFallbackElement: <RootFallback />,
    errorElement: <CrashPage />,
    children: [
      ...publicRoutes,
      { element: <AppLayout />, children: layoutRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <DomRouterProvider router={router} />;
}
