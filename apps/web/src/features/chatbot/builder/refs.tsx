import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { QUEUES_RESOURCE, TAGS_RESOURCE } from '../../color-items/color-item-resource';
import { useColorItems } from '../../color-items/use-color-items';
import { useIntegrations } from '../../integrations/use-integrations';
import { useLanes } from '../../kanban/use-kanban';
import { useAllUsers } from '../../users/use-all-users';

export interface Option {
  value: string;
  label: string;
}
export interface FlowRefs {
  queues: Option[];
  users: Option[];
  tags: Option[];
  integrations: Option[];
  /** CRM lanes, for "move contact to a CRM lane". */
  lanes: Option[];
}

const RefsContext = createContext<FlowRefs>({ queues: [], users: [], tags: [], integrations: [], lanes: [] });

/** The company's queues, users, tags, integrations and CRM lanes, for the pickers and the node summaries. */
export function FlowRefsProvider({ children }: { children: ReactNode }) {
  const queues = useColorItems(QUEUES_RESOURCE);
  const tags = useColorItems(TAGS_RESOURCE);
  const users = useAllUsers();
  const integrations = useIntegrations();
  const lanes = useLanes();
  const value = useMemo<FlowRefs>(
    () => ({
      queues: (queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name })),
      tags: (tags.data ?? []).map((q) => ({ value: String(q.id), label: q.name })),
      users: (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
      integrations: (integrations.data ?? []).map((i) => ({ value: String(i.id), label: i.name })),
      lanes: (lanes.data?.lanes ?? []).map((l) => ({ value: String(l.id), label: l.name })),
    }),
    [queues.data, tags.data, users.data, integrations.data, lanes.data],
  );
  return <RefsContext.Provider value={value}>{children}</RefsContext.Provider>;
}

export function useFlowRefs(): FlowRefs {
  return useContext(RefsContext);
}

export function labelOf(options: Option[], id: number | null | undefined): string {
  if (!id) return '—';
  return options.find((o) => o.value === String(id))?.label ?? `#${id}`;
}
