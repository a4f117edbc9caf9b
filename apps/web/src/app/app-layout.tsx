import { Alert, AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useTenantNotice } from '../shared/api/tenant-queries';
import { landingPath } from '../shared/auth/session';
import { useMe } from '../shared/auth/use-me';
import { useSession } from '../shared/auth/use-session';
import { LanguageMenu } from '../shared/i18n/language-switcher';
import { connectSocket, disconnectSocket } from '../shared/realtime/socket';
import { SocketStatusBadge } from '../shared/realtime/socket-status-badge';
import { DarkModeToggle } from '../shared/theme/dark-mode-toggle';
import { Brand } from '../shared/ui/brand';
import { CallDock } from '../features/calls/call-dock';
import { usePresenceReporter } from '../features/internal-chat/use-presence-reporter';
import { AppNavbar } from './app-navbar';
import { queryClient } from './query-client';
import { UserMenu } from './user-menu';

/** The signed-in frame: header, menu per profile, the platform notice and the real-time socket. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const session = useSession();
  const signedIn = !!session;
  useMe();
  const tenantNotice = useTenantNotice(signedIn);
  usePresenceReporter(signedIn);

  useEffect(() => {
    if (!signedIn) return;
    const socket = connectSocket();
    // Presence changes show in user lists and on the dashboard.
    const onPresence = () => void queryClient.invalidateQueries({ queryKey: ['users'] });
    socket.on('user:online', onPresence);
    return () => {
      socket.off('user:online', onPresence);
      disconnectSocket();
    };
  }, [signedIn]);

  const notice = tenantNotice.data?.notice?.trim();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('header.toggleMenu')} />
            <Link to={landingPath(session?.profile)} style={{ color: 'inherit', textDecoration: 'none' }}>
              <Brand />
            </Link>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Box visibleFrom="sm">
              <SocketStatusBadge />
            </Box>
            <LanguageMenu />
            <DarkModeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <AppNavbar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        {notice && (
          <Alert color="blue" variant="light" icon={<IconSpeakerphone size={18} />} mb="lg" data-testid="notice-banner">
            {notice}
          </Alert>
        )}
        <Outlet />
        <CallDock />
      </AppShell.Main>
    </AppShell>
  );
}
