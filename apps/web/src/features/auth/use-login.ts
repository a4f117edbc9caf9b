import { useMantineColorScheme } from '@mantine/core';
import type { Login, LoginResponse } from '@prosa/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSessionQueries } from '../../app/query-client';
import { http } from '../../shared/api/client';
import { landingPath, saveLogin } from '../../shared/auth/session';
import { currentLanguage, setLanguage } from '../../shared/i18n/i18n';

/** Signs in, keeps the login response (SPEC §3) and opens the profile's landing page. */
export function useLogin() {
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  return useMutation({
    // The language shown is kept as the user's until it picks one: its mails go in it.
    mutationFn: (values: Login) =>
      http.post<LoginResponse>('/auth/login/', { ...values, language: currentLanguage() }, { authCall: true, loading: true }),
    onSuccess: async (res) => {
      clearSessionQueries();
      saveLogin(res);
      setColorScheme(res.configs.isDark ? 'dark' : 'light');
      if (res.configs.language) await setLanguage(res.configs.language);
      navigate(landingPath(res.profile), { replace: true });
    },
  });
}
