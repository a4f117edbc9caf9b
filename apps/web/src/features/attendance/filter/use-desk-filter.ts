import type { UserConfigs } from '@prosa/contracts';
import { useCallback, useMemo } from 'react';
import { http } from '../../../shared/api/client';
import { getSession, updateConfigs } from '../../../shared/auth/session';
import { useSession } from '../../../shared/auth/use-session';
import { toastError } from '../../../shared/errors/toast-error';
import type { DeskFilter } from '../api/ticket-keys';

type Saved = UserConfigs['filtrosAtendimento'];

export const DEFAULT_FILTER: DeskFilter = {
  queuesIds: [],
  tagsIds: [],
  showAll: false,
  withUnreadMessages: false,
  isNotAssignedUser: false,
  includeNotQueueDefined: true,
};

const ids = (v: unknown) => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

function fromSaved(saved: Saved | undefined): DeskFilter {
  const s = saved ?? {};
  return {
    queuesIds: ids(s.queuesIds),
    tagsIds: ids(s.tagsIds),
    showAll: s.showAll === true,
    withUnreadMessages: s.withUnreadMessages === true,
    isNotAssignedUser: s.isNotAssignedUser === true,
    includeNotQueueDefined: s.includeNotQueueDefined !== false,
  };
}

/** How many fields differ from the default (the filter button's badge). */
export function activeFilterCount(f: DeskFilter): number {
  return (
    (f.queuesIds.length ? 1 : 0) +
    (f.tagsIds.length ? 1 : 0) +
    (f.showAll ? 1 : 0) +
    (f.withUnreadMessages ? 1 : 0) +
    (f.isNotAssignedUser ? 1 : 0) +
    (f.includeNotQueueDefined ? 0 : 1)
  );
}

const SAVE_DELAY_MS = 600;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The attendance filter (SPEC §3), kept in the user's configs.filtrosAtendimento: read from the
 * session, changed there at once (the list follows), saved to PUT /users/:id/configs shortly after.
 */
export function useDeskFilter(): {
  filter: DeskFilter;
  change: (patch: Partial<DeskFilter>) => void;
  reset: () => void;
} {
  const session = useSession();
  const saved = session?.configs.filtrosAtendimento;
  const key = JSON.stringify(fromSaved(saved));
  const filter = useMemo(() => JSON.parse(key) as DeskFilter, [key]);

  const change = useCallback((patch: Partial<DeskFilter>) => {
    const current = getSession();
    if (!current) return;
    const next: Saved = {
      ...current.configs.filtrosAtendimento,
      ...fromSaved(current.configs.filtrosAtendimento),
      ...patch,
    };
    updateConfigs({ filtrosAtendimento: next });
    // Module-level, so a save still goes out when the screen closes right after a change.
    clearTimeout(saveTimer);
    // What the user chose is saved (not the session, which a late /auth/me answer may have reset),
    // and the saved configs the server answers become the session's.
    saveTimer = setTimeout(() => {
      http
        .put<UserConfigs>(`/users/${current.userId}/configs`, { filtrosAtendimento: next })
        .then((saved) => updateConfigs({ filtrosAtendimento: saved.filtrosAtendimento }))
        .catch(toastError);
    }, SAVE_DELAY_MS);
  }, []);
  const reset = useCallback(() => change(DEFAULT_FILTER), [change]);
  return { filter, change, reset };
}
