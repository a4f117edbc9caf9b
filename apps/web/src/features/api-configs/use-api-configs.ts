import type { ApiConfig, ApiConfigInput, ApiConfigWithToken } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

export const API_CONFIGS_KEY = ['api-config'] as const;

export function useApiConfigs() {
  return useQuery({ queryKey: API_CONFIGS_KEY, queryFn: () => http.get<ApiConfig[]>('/api-config') });
}

/** Create answers the token once (ApiConfigWithToken); an edit answers the configuration. */
export function useSaveApiConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: ApiConfigInput }): Promise<ApiConfig | ApiConfigWithToken> =>
      id
        ? http.put<ApiConfig>(`/api-config/${id}`, values)
        : http.post<ApiConfigWithToken>('/api-config', values),
    onSuccess: () => void qc.invalidateQueries({ queryKey: API_CONFIGS_KEY }),
  });
}

export function useRenewApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.put<ApiConfigWithToken>(`/api-config/renew-token/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: API_CONFIGS_KEY }),
  });
}

export function useDeleteApiConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/api-config/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: API_CONFIGS_KEY }),
  });
}

/** The origin the external API is reached at (the API's own when the app is served apart). */
export function apiOrigin(): string {
  const base = String(import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');
  return /^https?:\/\//.test(base) ? base : `${window.location.origin}${base}`;
}

/** A ready-to-run send: the real base URL and apiId, the token left as a placeholder. */
export function curlExample(apiId: number, token: string): string {
  const body = JSON.stringify({ externalKey: 'pedido-1042', number: '5511999990001', body: 'Olá!' });
  return [
    `curl -X POST '${apiOrigin()}/v1/api/external/${apiId}/messages' \\`,
    `  -H 'Authorization: Bearer ${token}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${body}'`,
  ].join('\n');
}
