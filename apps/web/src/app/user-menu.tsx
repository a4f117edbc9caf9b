import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../shared/auth/logout';
import { useSession } from '../shared/auth/use-session';
import { clearSessionQueries } from './query-client';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}

export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  if (!session) return null;

  const onLogout = async () => {
    await logout();
    clearSessionQueries();
    navigate('/login');
  };

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.account')} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar color="prosa" radius="xl" size={34}>
              {initials(session.username)}
            </Avatar>
            <div style={{ lineHeight: 1.1 }} className="prosa-hide-mobile">
              <Text size="sm" fw={600} data-testid="header-user-name">
                {session.username}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`profiles.${session.profile}`)}
              </Text>
            </div>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{session.email}</Menu.Label>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout} data-testid="logout">
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
