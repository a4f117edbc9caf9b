import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/api-error';

/** Server state lives here only; screens read it through query hooks. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will answer the same again; only failures that never reached an answer are retried.
      retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400),
    },
    mutations: { retry: false },
  },
});
