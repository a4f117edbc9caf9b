import { NavLink as MantineNavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useTenantPlan } from '../shared/api/tenant-queries';
import { useSession } from '../shared/auth/use-session';
import { navSections } from './nav-items';

export function AppNavbar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const plan = useTenantPlan(session !== null).data?.plan ?? null;
  return (
    <ScrollArea type="scroll" style={{ flex: 1 }}>
      <Stack gap="lg" p="sm" component="nav" aria-label="menu">
        {navSections(session, plan).map((section) => (
          <Stack key={section.label} gap={2}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {t(section.label)}
            </Text>
            {section.items.map(({ to, label, icon: Icon, testId, badge: Badge }) => (
              <MantineNavLink
                key={to}
                component={NavLink}
                to={to}
                label={t(label)}
                leftSection={<Icon size={18} stroke={1.6} />}
                rightSection={Badge ? <Badge /> : undefined}
                active={
                  to === '/'
                    ? pathname === '/' || pathname === '/home'
                    : pathname === to || pathname.startsWith(`${to}/`)
                }
                onClick={onNavigate}
                data-testid={testId}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
