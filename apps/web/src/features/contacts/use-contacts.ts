import type { Contact, ContactImportResult, ContactUpdate, ZContactList } from '@prosa/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../shared/api/client';
import { saveBlob, uploadForm } from '../../shared/api/upload';
import { normalizeSearch } from '../../shared/crud/use-debounced-search';

export type ContactList = z.infer<typeof ZContactList>;
export const CONTACTS_PAGE_SIZE = 40;
/** SPEC §5: a contact search needs at least two letters; fewer means no search. */
export const MIN_SEARCH = 2;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export interface ContactFilter {
  searchParam: string;
  tagsIds: number[];
}

export const contactKeys = {
  all: ['contacts'] as const,
  list: (f: ContactFilter) => ['contacts', 'list', f] as const,
  detail: (id: number) => ['contacts', 'detail', id] as const,
};

export function effectiveSearch(raw: string): string {
  return normalizeSearch(raw, MIN_SEARCH);
}

/** The contact list page by page (infinite scroll). */
export function useContactList(filter: ContactFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: contactKeys.list(filter),
    queryFn: ({ pageParam }) =>
      http.get<ContactList>('/contacts', {
        query: {
          searchParam: filter.searchParam,
          pageNumber: pageParam,
          pageSize: CONTACTS_PAGE_SIZE,
          tagsIds: filter.tagsIds.join(','),
        },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useContact(id: number | null) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    queryFn: () => http.get<Contact>(`/contacts/${id}`),
    enabled: !!id,
  });
}

export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    /** POST takes ZContactInput (number required, checked by the form); PUT takes ZContactUpdate. */
    mutationFn: ({ id, values }: { id?: number; values: ContactUpdate }) =>
      id ? http.put<Contact>(`/contacts/${id}`, values) : http.post<Contact>('/contacts', values),
    onSuccess: (contact) => {
      qc.setQueryData(contactKeys.detail(contact.id), contact);
      void qc.invalidateQueries({ queryKey: ['contacts', 'list'] });
    },
  });
}

export function useDeleteContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/contacts/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** GET /contacts/export with the bearer token, saved as a CSV file. */
export async function exportContacts(fileName: string): Promise<void> {
  saveBlob(await http.blob('/contacts/export', { timeoutMs: 120_000 }), fileName);
}

/** POST /contacts/import (multipart `file`), reporting upload progress 0..1. */
export function useImportContacts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (f: number) => void }) => {
      const form = new FormData();
      form.set('file', file, file.name);
      return uploadForm<ContactImportResult>('/contacts/import', form, { onProgress, timeoutMs: 120_000 });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
