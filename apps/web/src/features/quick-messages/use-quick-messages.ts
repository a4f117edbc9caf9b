import type { QuickMessage, QuickMessageInput } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';
import { uploadForm } from '../../shared/api/upload';

export const QUICK_MESSAGES_KEY = ['fastreply'] as const;

/** Every quick message the user may use (own and shared), by key. */
export function useQuickMessages(enabled = true) {
  return useQuery({
    queryKey: QUICK_MESSAGES_KEY,
    queryFn: () => http.get<QuickMessage[]>('/fastreply'),
    enabled,
    staleTime: 30_000,
  });
}

/** The form's values as sent: the file, when one was picked, makes it a multipart request. */
export interface QuickMessagePayload {
  input: QuickMessageInput;
  file: File | null;
}

export function useSaveQuickMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: QuickMessagePayload }) => {
      const path = id ? `/fastreply/${id}` : '/fastreply';
      if (!values.file)
        return id ? http.put<QuickMessage>(path, values.input) : http.post<QuickMessage>(path, values.input);
      const form = new FormData();
      form.append('key', values.input.key);
      form.append('message', values.input.message);
      form.append('showToAll', String(values.input.showToAll));
      form.append('removeFile', String(values.input.removeFile));
      form.append('file', values.file, values.file.name);
      return uploadForm<QuickMessage>(path, form, { method: id ? 'PUT' : 'POST' });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: QUICK_MESSAGES_KEY }),
  });
}

export function useDeleteQuickMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/fastreply/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: QUICK_MESSAGES_KEY }),
  });
}

/** The quick message's file as a File, to attach to the composer like a picked one. */
export async function quickMessageFile(q: QuickMessage): Promise<File | null> {
  if (!q.media) return null;
  const blob = await http.blob(`/fastreply/${q.id}/media`);
  return new File([blob], q.media.name, { type: q.media.mimeType });
}
