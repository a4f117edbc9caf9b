import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDarkMode } from './use-dark-mode';

export function DarkModeToggle() {
  const { t } = useTranslation();
  const { isDark, setDark } = useDarkMode();
  const label = isDark ? t('header.lightMode') : t('header.darkMode');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => setDark(!isDark)}
        aria-label={label}
        data-testid="toggle-dark"
      >
        {isDark ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
