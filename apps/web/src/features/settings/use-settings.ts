import { SETTING_DEFAULTS, type Setting, type SettingKey } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

export const SETTINGS_QUERY_KEY = ['settings'] as const;

/** The tenant's settings as a key -> value map, defaults filled in. */
export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () => http.get<Setting[]>('/settings'),
    select: (rows): Record<SettingKey, string> => ({
      ...SETTING_DEFAULTS,
      ...Object.fromEntries(rows.map((r) => [r.key, r.value])),
    }),
  });
}

/** Saves one setting at once (PUT /settings/{key}) and updates the cached list in place. */
export function useSaveSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: Setting) => http.put<Setting>(`/settings/${key}`, { value }),
    onSuccess: (saved) => {
      qc.setQueryData<Setting[]>(SETTINGS_QUERY_KEY, (rows) => {
        const others = (rows ?? []).filter((r) => r.key !== saved.key);
        return [...others, saved];
      });
    },
  });
}
