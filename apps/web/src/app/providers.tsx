import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getSession } from '../shared/auth/session';
import { useBranding } from '../shared/branding/use-branding';
import { isLanguage, LOCALE_OF } from '../shared/i18n/i18n';
import { buildTheme, cssVariablesResolver } from '../shared/theme/theme';
import { queryClient } from './query-client';

function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isLanguage(i18n.language) ? LOCALE_OF[i18n.language].dayjs : 'pt-br';
  return <DatesProvider settings={{ locale, firstDayOfWeek: 0 }}>{children}</DatesProvider>;
}

/** Mantine with the theme in the interface language and the white-label primary colour. */
function BrandedMantine({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { primaryColor } = useBranding();
  const theme = useMemo(
    () => buildTheme({ close: t('common.close'), eyeDropper: t('common.eyeDropper') }, primaryColor),
    // t is stable across a language switch; the language is what changes the labels.
    [t, i18n.language, primaryColor],
  );
  // Until the user toggles it on this device, the colour scheme follows their saved configs.isDark.
  const initialScheme = getSession()?.configs.isDark ? 'dark' : 'light';
  return (
    <MantineProvider theme={theme} defaultColorScheme={initialScheme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandedMantine>
        <LocalizedDates>
          <Notifications position="top-right" zIndex={5000} limit={4} />
          {children}
        </LocalizedDates>
      </BrandedMantine>
    </QueryClientProvider>
  );
}
