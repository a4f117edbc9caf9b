import type { Language } from '@prosa/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/client';
import { getSession, updateConfigs } from '../auth/session';
import { isLanguage, setLanguage } from './i18n';

/** The interface language; a signed-in user's choice is also kept in their configs on the server. */
export function useLanguage(): { language: Language; change: (lang: Language) => void } {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'pt';
  const change = useCallback((lang: Language) => {
    void setLanguage(lang);
    const session = getSession();
    if (!session) return;
    updateConfigs({ language: lang });
    // A failure to remember it on the server is not worth interrupting the user for.
    http.put(`/users/${session.userId}/configs`, { language: lang }).catch(() => undefined);
  }, []);
  return { language, change };
}
