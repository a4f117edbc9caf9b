import {
  IconAddressBook,
  IconRobot,
  IconSitemap,
  IconBuildingSkyscraper,
  IconBuildingStore,
  IconCalendarTime,
  IconClock,
  IconHeadset,
  IconLayoutDashboard,
  IconMessageBolt,
  IconMessageCircleOff,
  IconListDetails,
  IconChecklist,
  IconLayoutKanban,
  IconDeviceDesktopAnalytics,
  IconReceipt2,
  IconSettings,
  IconApi,
  IconPalette,
  IconSettingsCog,
  IconTags,
  IconPhone,
  IconUsers,
  IconUsersGroup,
  IconMessages,
  IconPackages,
  IconPlugConnected,
  IconPuzzle,
  IconSpeakerphone,
  IconReportAnalytics,
  IconHelp,
  IconHelpCircle,
  type Icon,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { DelayedTasksBadge } from '../features/tasks/delayed-tasks-badge';
import { InternalChatUnreadBadge } from '../features/internal-chat/unread-badge';
import type { Session } from '../shared/auth/session';
import { isAdminProfile, isOperatorSession, isSupervisorProfile } from '../shared/auth/session';

export type NavLabelKey =
  | 'nav.home'
  | 'nav.attendance'
  | 'contacts.menu'
  | 'schedules.menu'
  | 'channels.menu'
  | 'apiConfigs.menu'
  | 'nav.users'
  | 'nav.queues'
  | 'nav.tags'
  | 'calls.lines.menu'
  | 'chatbot.flows.menu'
  | 'chatbot.menu'
  | 'nav.settings'
  | 'nav.businessHours'
  | 'nav.financial'
  | 'nav.companies'
  | 'nav.plans'
  | 'nav.platformSettings'
  | 'tasks.menu'
  | 'kanban.menu'
  | 'panel.menu'
  | 'quick.menu'
  | 'farewells.menu'
  | 'ichat.menu'
  | 'teams.menu'
  | 'integrations.nav'
  | 'campaigns.menu'
  | 'reports.menu'
  | 'help.menu'
  | 'help.adminMenu'
  | 'resellers.menu'
  | 'whiteLabel.menu';

export interface NavItem {
  to: string;
  label: NavLabelKey;
  icon: Icon;
  testId: string;
  /** Shown at the entry's right (a live count). */
  badge?: ComponentType;
}
export interface NavSection {
  label: 'nav.sectionService' | 'nav.sectionCompany' | 'nav.sectionPlatform';
  items: NavItem[];
}

/** The plan's flags that hide screens (SPEC §6 "Plan flags gate campaigns, integrations and groups"). */
export interface PlanFlags {
  campaign: boolean;
  integrations: boolean;
}

const item = (to: string, label: NavLabelKey, icon: Icon, testId: string): NavItem => ({ to, label, icon, testId });

/**
 * The menu per profile: only screens the user may open (the guard checks again), without the
 * screens the company's plan lacks (`plan`: null while unknown or without a plan: all shown).
 */
export function navSections(session: Session | null, plan: PlanFlags | null = null): NavSection[] {
  if (!session) return [];
  const admin = isAdminProfile(session.profile);
  const sections: NavSection[] = [
    {
      label: 'nav.sectionService',
      items: [
        ...(isSupervisorProfile(session.profile) ? [item('/', 'nav.home', IconLayoutDashboard, 'nav-home')] : []),
        item('/atendimento', 'nav.attendance', IconHeadset, 'nav-attendance'),
        ...(isSupervisorProfile(session.profile)
          ? [item('/painel-atendimentos', 'panel.menu', IconDeviceDesktopAnalytics, 'nav-panel')]
          : []),
        item('/contatos', 'contacts.menu', IconAddressBook, 'nav-contacts'),
        { ...item('/tarefas', 'tasks.menu', IconChecklist, 'nav-tasks'), badge: DelayedTasksBadge },
        item('/kanban', 'kanban.menu', IconLayoutKanban, 'nav-kanban'),
        item('/mensagens-rapidas', 'quick.menu', IconMessageBolt, 'nav-quick-messages'),
        item('/despedida', 'farewells.menu', IconMessageCircleOff, 'nav-farewells'),
        item('/agendamentos', 'schedules.menu', IconCalendarTime, 'nav-schedules'),
        ...(isSupervisorProfile(session.profile) ? [item('/relatorios', 'reports.menu', IconReportAnalytics, 'nav-reports')] : []),
        { ...item('/chat-interno', 'ichat.menu', IconMessages, 'nav-internal-chat'), badge: InternalChatUnreadBadge },
        item('/ajuda', 'help.menu', IconHelp, 'nav-help'),
      ],
    },
  ];
  if (admin) {
    sections.push({
      label: 'nav.sectionCompany',
      items: [
        item('/sessoes', 'channels.menu', IconPlugConnected, 'nav-sessions'),
        item('/usuarios', 'nav.users', IconUsers, 'nav-users'),
        item('/equipes', 'teams.menu', IconUsersGroup, 'nav-teams'),
        item('/filas', 'nav.queues', IconListDetails, 'nav-queues'),
        ...(plan?.integrations === false ? [] : [item('/integracoes', 'integrations.nav', IconPuzzle, 'nav-integrations')]),
        ...(plan?.campaign === false ? [] : [item('/campanhas', 'campaigns.menu', IconSpeakerphone, 'nav-campaigns')]),
        item('/etiquetas', 'nav.tags', IconTags, 'nav-tags'),
        item('/linhas-chamada', 'calls.lines.menu', IconPhone, 'nav-call-lines'),
        item('/chat-flow', 'chatbot.flows.menu', IconSitemap, 'nav-chat-flows'),
        item('/chatbot', 'chatbot.menu', IconRobot, 'nav-chatbot'),
        item('/horario-atendimento', 'nav.businessHours', IconClock, 'nav-business-hours'),
        item('/configuracoes', 'nav.settings', IconSettings, 'nav-settings'),
        item('/configuracoes-api', 'apiConfigs.menu', IconApi, 'nav-api-configs'),
        item('/financeiro', 'nav.financial', IconReceipt2, 'nav-financial'),
      ],
    });
  }
  if (isOperatorSession(session)) {
    sections.push({
      label: 'nav.sectionPlatform',
      items: [
        item('/empresas', 'nav.companies', IconBuildingSkyscraper, 'nav-companies'),
        item('/planos', 'nav.plans', IconPackages, 'nav-plans'),
        item('/revendedores', 'resellers.menu', IconBuildingStore, 'nav-resellers'),
        item('/configuracoes-plataforma', 'nav.platformSettings', IconSettingsCog, 'nav-platform-settings'),
        item('/white-label', 'whiteLabel.menu', IconPalette, 'nav-white-label'),
        item('/ajuda/gerenciar', 'help.adminMenu', IconHelpCircle, 'nav-helps'),
      ],
    });
  }
  return sections;
}
