import {
  IconAddressBook,
  IconBuildingSkyscraper,
  IconClock,
  IconHeadset,
  IconLayoutDashboard,
  IconListDetails,
  IconReceipt2,
  IconSettings,
  IconSettingsCog,
  IconTags,
  IconUsers,
  IconPackages,
  IconPlugConnected,
  type Icon,
} from '@tabler/icons-react';
import type { Session } from '../shared/auth/session';
import { isAdminProfile, isOperatorSession } from '../shared/auth/session';

export type NavLabelKey =
  | 'nav.home'
  | 'nav.attendance'
  | 'contacts.menu'
  | 'channels.menu'
  | 'nav.users'
  | 'nav.queues'
  | 'nav.tags'
  | 'nav.settings'
  | 'nav.businessHours'
  | 'nav.financial'
  | 'nav.companies'
  | 'nav.plans'
  | 'nav.platformSettings';

export interface NavItem {
  to: string;
  label: NavLabelKey;
  icon: Icon;
  testId: string;
}
export interface NavSection {
  label: 'nav.sectionService' | 'nav.sectionCompany' | 'nav.sectionPlatform';
  items: NavItem[];
}

const item = (to: string, label: NavLabelKey, icon: Icon, testId: string): NavItem => ({ to, label, icon, testId });

/** The menu per profile: only screens the user may open (the guard checks again). */
export function navSections(session: Session | null): NavSection[] {
  if (!session) return [];
  const admin = isAdminProfile(session.profile);
  const sections: NavSection[] = [
    {
      label: 'nav.sectionService',
      items: [
        ...(admin ? [item('/', 'nav.home', IconLayoutDashboard, 'nav-home')] : []),
        item('/atendimento', 'nav.attendance', IconHeadset, 'nav-attendance'),
        item('/contatos', 'contacts.menu', IconAddressBook, 'nav-contacts'),
      ],
    },
  ];
  if (admin) {
    sections.push({
      label: 'nav.sectionCompany',
      items: [
        item('/sessoes', 'channels.menu', IconPlugConnected, 'nav-sessions'),
        item('/usuarios', 'nav.users', IconUsers, 'nav-users'),
        item('/filas', 'nav.queues', IconListDetails, 'nav-queues'),
        item('/etiquetas', 'nav.tags', IconTags, 'nav-tags'),
        item('/horario-atendimento', 'nav.businessHours', IconClock, 'nav-business-hours'),
        item('/configuracoes', 'nav.settings', IconSettings, 'nav-settings'),
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
        item('/configuracoes-plataforma', 'nav.platformSettings', IconSettingsCog, 'nav-platform-settings'),
      ],
    });
  }
  return sections;
}
