import { createHashRouter, type RouteObject } from 'react-router';
import { RouterProvider as DomRouterProvider } from 'react-router/dom';
import { AttendancePage } from '../features/attendance/attendance.page';
import { ChatPage } from '../features/attendance/chat/chat.page';
import { EmptyChatPage } from '../features/attendance/empty-chat.page';
import { PickContactPage } from '../features/attendance/pick-contact.page';
import { LoginPage } from '../features/auth/login.page';
import { RecoverPasswordPage } from '../features/auth/recover-password.page';
import { SignupPage } from '../features/auth/signup.page';
import { BusinessHoursPage } from '../features/business-hours/business-hours.page';
import { ContactsPage } from '../features/contacts/contacts.page';
import { FinancialPage } from '../features/financial/financial.page';
import { HomeDashboardPage } from '../features/home/home-dashboard.page';
import { PlansPage } from '../features/plans/plans.page';
import { PlatformSettingsPage } from '../features/platform/platform-settings.page';
import { QueuesPage } from '../features/queues/queues.page';
import { SessionsPage } from '../features/sessions/sessions.page';
import { SettingsPage } from '../features/settings/settings.page';
import { TagsPage } from '../features/tags/tags.page';
import { TenantsPage } from '../features/tenants/tenants.page';
import { UsersPage } from '../features/users/users.page';
import { AppLayout } from './app-layout';
import { CrashPage } from './crash.page';
import { guard } from './navigation-guard';
import { NotFoundPage } from './not-found.page';
import { Root, RootFallback } from './root';

/** Public screens: reachable without a token (SPEC §6). The recovery path is not shown in any menu. */
const publicRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'signup', element: <SignupPage /> },
  { path: 'recuperar-senha', element: <RecoverPasswordPage /> },
];

/** Screens inside the main layout; each runs the navigation guard with the access it needs. */
const layoutRoutes: RouteObject[] = [
  { index: true, id: 'home-dashboard', loader: guard('home'), element: <HomeDashboardPage /> },
  { path: 'home', loader: guard('home'), element: <HomeDashboardPage /> },
  {
    path: 'atendimento',
    id: 'atendimento',
    loader: guard('auth'),
    element: <AttendancePage />,
    // SPEC §2 children: the empty chat, the contact list in chat mode, and the named route "chat"
    // (params ticketId and pageNumber as ?pageNumber=, query t: see chatPath()).
    children: [
      { index: true, element: <EmptyChatPage /> },
      { path: 'contatos', element: <PickContactPage /> },
      { path: ':ticketId', id: 'chat', element: <ChatPage /> },
    ],
  },
  { path: 'contatos', loader: guard('auth'), element: <ContactsPage /> },
  { path: 'financeiro', loader: guard('auth'), element: <FinancialPage /> },
  { path: 'sessoes', loader: guard('admin'), element: <SessionsPage /> },
  { path: 'usuarios', loader: guard('admin'), element: <UsersPage /> },
  { path: 'filas', loader: guard('admin'), element: <QueuesPage /> },
  { path: 'etiquetas', loader: guard('admin'), element: <TagsPage /> },
  { path: 'configuracoes', loader: guard('admin'), element: <SettingsPage /> },
  { path: 'horario-atendimento', loader: guard('admin'), element: <BusinessHoursPage /> },
  { path: 'empresas', loader: guard('operator'), element: <TenantsPage /> },
  { path: 'planos', loader: guard('operator'), element: <PlansPage /> },
  { path: 'configuracoes-plataforma', loader: guard('operator'), element: <PlatformSettingsPage /> },
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
