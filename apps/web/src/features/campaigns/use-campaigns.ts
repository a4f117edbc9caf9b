import type {
  Campaign,
  CampaignContactList,
  CampaignContactsAdd,
  CampaignContactsAdded,
  CampaignList,
  TemplateParameterSource,
} from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../shared/api/client';
import { uploadForm } from '../../shared/api/upload';
import { connectSocket } from '../../shared/realtime/socket';
import { notifyNotice } from '../../shared/ui/notify';

export const CAMPAIGNS_PAGE_SIZE = 20;
export const CAMPAIGN_CONTACTS_PAGE_SIZE = 20;
/** SPEC §5: the campaign's media file up to 50 MB. */
export const CAMPAIGN_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** Every campaign query starts with this key: a `campaign` socket event refreshes them all. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (page: number, search: string) => ['campaigns', 'list', page, search] as const,
  detail: (id: number) => ['campaigns', 'detail', id] as const,
  contacts: (id: number, page: number) => ['campaigns', 'contacts', id, page] as const,
};

export function useCampaigns(page: number, search: string) {
  return useQuery({
    queryKey: campaignKeys.list(page, search),
    queryFn: () =>
      http.get<CampaignList>('/campaigns', {
        query: { pageNumber: page, pageSize: CAMPAIGNS_PAGE_SIZE, searchParam: search || undefined },
      }),
    placeholderData: keepPreviousData,
    // No retry: a plan without campaigns (ERR_PREMIUM_FEATURE) answers at once and stays so.
    retry: false,
  });
}

export function useCampaign(id: number) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: () => http.get<Campaign>(`/campaigns/${id}`),
    retry: false,
  });
}

export function useCampaignContacts(id: number, page: number) {
  return useQuery({
    queryKey: campaignKeys.contacts(id, page),
    queryFn: () =>
      http.get<CampaignContactList>(`/campaigns/contacts/${id}`, {
        query: { pageNumber: page, pageSize: CAMPAIGN_CONTACTS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Campaign events carry the id only (campaigns.events.ts): every campaign query is read again.
 * The sends move the counts through the same event, so the screens never poll.
 */
export function useCampaignEvents(): void {
  const qc = useQueryClient();
  const { t } = useTranslation();
  useEffect(() => {
    const socket = connectSocket();
    const refresh = () => void qc.invalidateQueries({ queryKey: campaignKeys.all });
    // SPEC §9: told once per campaign by the server; the row's notice keeps saying it.
    const onRisk = (e: { id: number; name: string }) => {
      notifyNotice(`campaign-risk-${e.id}`, t('campaigns.riskToast', { name: e.name }), 'red');
      refresh();
    };
    socket.on('campaign', refresh);
    socket.on('campaign:risk', onRisk);
    // Events missed while the socket was away: read once on reconnect.
    socket.io.on('reconnect', refresh);
    return () => {
      socket.off('campaign', refresh);
      socket.off('campaign:risk', onRisk);
      socket.io.off('reconnect', refresh);
    };
  }, [qc, t]);
}

/** What the form sends: the checked fields, the picked file, and whether to drop the stored one. */
export interface CampaignSave {
  name: string;
  startAt?: string;
  channelId?: number;
  delaySeconds: number;
  message1: string;
  message2: string;
  message3: string;
  /** A template campaign (WhatsApp Cloud API): the template and where each variable's value comes from. */
  templateId?: number;
  templateParameters: TemplateParameterSource[];
  templateHeaderUrl: string;
  file: File | null;
  removeFile: boolean;
}

function toForm(v: CampaignSave): FormData {
  const form = new FormData();
  form.append('name', v.name);
  if (v.startAt) form.append('startAt', v.startAt);
  if (v.channelId) form.append('channelId', String(v.channelId));
  form.append('delaySeconds', String(v.delaySeconds));
  form.append('message1', v.message1);
  form.append('message2', v.message2);
  form.append('message3', v.message3);
  if (v.templateId) {
    form.append('templateId', String(v.templateId));
    // Multipart takes the mapping as one JSON field (the server's schema reads it back).
    form.append('templateParameters', JSON.stringify(v.templateParameters));
    if (v.templateHeaderUrl) form.append('templateHeaderUrl', v.templateHeaderUrl);
  }
  if (v.removeFile) form.append('removeFile', 'true');
  if (v.file) form.append('file', v.file, v.file.name);
  return form;
}

/** POST /campaigns or PUT /campaigns/{id}: JSON, or multipart when a file goes with it. */
export function useSaveCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: CampaignSave }) => {
      const path = id ? `/campaigns/${id}` : '/campaigns';
      if (values.file) return uploadForm<Campaign>(path, toForm(values), { method: id ? 'PUT' : 'POST' });
      const { file: _file, ...body } = values;
      return id ? http.put<Campaign>(path, body) : http.post<Campaign>(path, body);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

function useCampaignMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: campaignKeys.all }) });
}

export const useDeleteCampaign = () => useCampaignMutation((id: number) => http.delete(`/campaigns/${id}`));
export const useStartCampaign = () =>
  useCampaignMutation(({ id, startAt }: { id: number; startAt?: string }) =>
    http.post<Campaign>(`/campaigns/start/${id}`, startAt ? { startAt } : {}),
  );
export const useCancelCampaign = () =>
  useCampaignMutation((id: number) => http.post<Campaign>(`/campaigns/cancel/${id}`, {}));
export const useRemoveCampaignContact = () =>
  useCampaignMutation(({ id, contactId }: { id: number; contactId: number }) =>
    http.delete(`/campaigns/contacts/${id}/${contactId}`),
  );
export const useRemoveAllCampaignContacts = () =>
  useCampaignMutation((id: number) => http.delete(`/campaigns/deleteall/contacts/${id}`));

/** Contacts by ids, tag, wallet or CRM lane (JSON), or a CSV with Nome and Numero (multipart). */
export function useAddCampaignContacts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, add, csv }: { id: number; add?: CampaignContactsAdd; csv?: File }) => {
      if (csv) {
        const form = new FormData();
        form.append('file', csv, csv.name);
        return uploadForm<CampaignContactsAdded>(`/campaigns/contacts/${id}`, form, { method: 'POST' });
      }
      return http.post<CampaignContactsAdded>(`/campaigns/contacts/${id}`, add);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
