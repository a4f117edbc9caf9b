import type { ChatGroup, ChatGroupInput, ChatPerson, InternalMessage } from '@prosa/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { http, SEND_MESSAGE_TIMEOUT_MS } from '../../shared/api/client';
import { uploadForm } from '../../shared/api/upload';

/** A conversation: with one colleague, or in a group. */
export interface Conversation {
  kind: 'user' | 'group';
  id: number;
}
export interface MessagesPage {
  messages: InternalMessage[];
  hasMore: boolean;
}

export const ICHAT_KEY = ['ichat'] as const;
export const UNREAD_KEY = ['ichat', 'unread'] as const;
export const GROUPS_KEY = ['ichat', 'groups'] as const;
export const messagesKey = (c: Conversation) => ['ichat', 'messages', c.kind, c.id] as const;
const isGroup = (c: Conversation) => (c.kind === 'group' ? 'true' : 'false');
const target = (c: Conversation) => `/chat-interno/mensagens/${c.id}?isGroup=${isGroup(c)}`;

export function usePeople(searchParam: string, teamId: number | null) {
  return useQuery({
    queryKey: ['ichat', 'people', searchParam, teamId],
    queryFn: () =>
      http.get<ChatPerson[]>('/users/chat-interno/', { query: { searchParam, teamId: teamId ?? undefined } }),
    placeholderData: (prev) => prev,
  });
}

export function useGroups() {
  return useQuery({ queryKey: GROUPS_KEY, queryFn: () => http.get<ChatGroup[]>('/group') });
}

export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: async () => (await http.get<{ count: number }>('/chat-interno/count/mensagens')).count,
    enabled,
  });
}

/** The history, newest page first; older pages load with `before` (the oldest id shown). */
export function useMessages(c: Conversation | null) {
  return useInfiniteQuery({
    queryKey: c ? messagesKey(c) : ['ichat', 'messages', 'none'],
    queryFn: ({ pageParam }) =>
      http.get<MessagesPage>(`/chat-interno/mensagens/${c!.id}`, {
        query: { isGroup: isGroup(c!), before: pageParam ?? undefined },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.hasMore ? (last.messages[0]?.id ?? null) : null),
    enabled: !!c,
  });
}

/** Puts a message into a conversation's cached history once (the socket and the POST answer both bring it). */
export function appendMessage(
  data: InfiniteData<MessagesPage, number | null> | undefined,
  message: InternalMessage,
): InfiniteData<MessagesPage, number | null> | undefined {
  if (!data || data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
}

export function useSendMessage(c: Conversation | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files }: { body: string; files: File[] }) => {
      if (files.length === 0) return http.post<InternalMessage[]>(target(c!), { body });
      const form = new FormData();
      form.append('body', body);
      for (const f of files) form.append('files', f, f.name);
      return uploadForm<InternalMessage[]>(target(c!), form, { timeoutMs: SEND_MESSAGE_TIMEOUT_MS });
    },
    onSuccess: (sent) => {
      for (const m of sent)
        qc.setQueryData(messagesKey(c!), (d: InfiniteData<MessagesPage, number | null> | undefined) =>
          appendMessage(d, m),
        );
    },
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: Conversation) => http.put<{ count: number }>(target(c)),
    onSuccess: ({ count }) => {
      qc.setQueryData(UNREAD_KEY, count);
      void qc.invalidateQueries({ queryKey: ['ichat', 'people'] });
      void qc.invalidateQueries({ queryKey: GROUPS_KEY });
    },
  });
}

function useGroupMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: GROUPS_KEY }) });
}

export const useCreateGroup = () => useGroupMutation((v: ChatGroupInput) => http.post<ChatGroup>('/group', v));
export const useRenameGroup = () =>
  useGroupMutation(({ id, name }: { id: number; name: string }) => http.put<ChatGroup>(`/group/${id}`, { name }));
export const useDeleteGroup = () => useGroupMutation((id: number) => http.delete(`/group/${id}`));
export const useAddMember = () =>
  useGroupMutation((v: { groupId: number; userId: number }) => http.post('/group/user', v));
export const useRemoveMember = () =>
  useGroupMutation((v: { groupId: number; userId: number }) =>
    http.delete('/group/user', { query: { groupId: v.groupId, userId: v.userId } }),
  );
