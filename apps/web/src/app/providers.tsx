import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getSession } from '../shared/auth/session';
import { isLanguage, LOCALE_OF } from '../shared/i18n/i18n';
import { theme } from '../shared/theme/theme';
import { queryClient } from './query-client';

function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isLanguage(i18n.language) ? LOCALE_OF[i18n.language].dayjs : 'pt-br';
  return <DatesProvider settings={{ locale, firstDayOfWeek: 0 }}>{children}</DatesProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
  // Until the user toggles it on this device, the colour scheme follows their saved configs.isDark.
  const initialScheme = getSession()?.configs.isDark ? 'dark' : 'light';
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme={initialScheme}>
        <LocalizedDates>
          <Notifications position="top-right" zIndex={5000} limit={4} />
          {children}
        </LocalizedDates>
      </MantineProvider>
    </QueryClientProvider>
  );
}
