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

/**
 * What one user's session saw goes when a session starts or ends. The platform's public answers
 * (`['platform', ...]`: the white-label branding, sign-up and notice) stay: they are no one's, and
 * the app's frame (the theme, the browser title and favicon) keeps observing them: `clear()` would
 * leave those observers on queries no longer in the cache, deaf to every later change.
 */
export function clearSessionQueries(): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'platform' });
  queryClient.getMutationCache().clear();
}
