import type { Branding, BrandingMediaRef, BrandingUpdate } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';
import { uploadForm } from '../../shared/api/upload';
import { BRANDING_QUERY_KEY, rememberBranding } from '../../shared/branding/use-branding';

const KEY = ['admin', 'branding'] as const;

export function useBrandingAdmin() {
  return useQuery({ queryKey: KEY, queryFn: () => http.get<Branding>('/admin/branding') });
}

/** Every answer is the whole branding: the screen, the shell and the login page follow it at once. */
function useApply() {
  const qc = useQueryClient();
  return (saved: Branding) => {
    qc.setQueryData(KEY, saved);
    qc.setQueryData(BRANDING_QUERY_KEY, saved);
    rememberBranding(saved);
  };
}

export function useSaveBranding() {
  const apply = useApply();
  return useMutation({
    mutationFn: (patch: BrandingUpdate) => http.put<Branding>('/admin/branding', patch),
    onSuccess: apply,
  });
}

export function useUploadBrandingImage() {
  const apply = useApply();
  return useMutation({
    mutationFn: ({ ref, file }: { ref: BrandingMediaRef; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return uploadForm<Branding>(`/admin/media-upload?ref=${ref}`, form);
    },
    onSuccess: apply,
  });
}

export function useRemoveBrandingImage() {
  const apply = useApply();
  return useMutation({
    mutationFn: (ref: BrandingMediaRef) => http.delete<Branding>(`/admin/media-upload?ref=${ref}`),
    onSuccess: apply,
  });
}
