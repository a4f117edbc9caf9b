import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useCallback } from 'react';
import { http } from '../api/client';
import { getSession, updateConfigs } from '../auth/session';
import { toastError } from '../errors/toast-error';

/** Dark mode follows the user's configs.isDark and is saved back to the server when toggled. */
export function useDarkMode(): { isDark: boolean; setDark: (dark: boolean) => void } {
  const { setColorScheme } = useMantineColorScheme();
  const isDark = useComputedColorScheme('light') === 'dark';
  const setDark = useCallback(
    (dark: boolean) => {
      setColorScheme(dark ? 'dark' : 'light');
      const session = getSession();
      if (!session) return;
      updateConfigs({ isDark: dark });
      http.put(`/users/${session.userId}/configs`, { isDark: dark }).catch(toastError);
    },
    [setColorScheme],
  );
  return { isDark, setDark };
}
