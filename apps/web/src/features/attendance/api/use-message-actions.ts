import { LIMITS, type Message } from '@prosa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { http, SEND_MESSAGE_TIMEOUT_MS } from '../../../shared/api/client';
import { uploadForm } from '../../../shared/api/upload';
import { getSession } from '../../../shared/auth/session';
import { patchMessage, upsertMessage } from './message-cache';

/** What the composer sends. The clientId is kept for retries: the server stores one message per clientId. */
export interface Outgoing {
  body: string;
  files: File[];
  quoted: Message | null;
  clientId: string;
  /** false: without the agent's signature (offered only where the company allows it). */
  sign?: boolean;
}

/**
 * A new idempotency key. crypto.randomUUID exists only in secure contexts (https, localhost); a
 * desk opened over plain http on the office network falls back to getRandomValues.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Sends that failed, by clientId, so "try again" re-posts the same body and files with the same key. */
const failedSends = new Map<string, Outgoing>();
export const failedSend = (clientId: string | null) => (clientId ? failedSends.get(clientId) : undefined);

let localSeq = 0;
const mediaTypeOf = (mime: string): Message['mediaType'] =>
  mime.startsWith('image/')
    ? 'image'
    : mime.startsWith('audio/')
      ? 'audio'
      : mime.startsWith('video/')
        ? 'video'
        : 'document';

/** The server stores one message per file (the text with the first); clientIds follow its rule. */
const clientIdOf = (out: Outgoing, i: number) => (i === 0 ? out.clientId : `${out.clientId}:${i}`);

function localMessages(ticketId: number, out: Outgoing): Message[] {
  const now = new Date().toISOString();
  const parts: (File | null)[] = out.files.length ? out.files : [null];
  return parts.map((file, i) => ({
    id: -++localSeq,
    ticketId,
    body: i === 0 ? out.body : '',
    mediaType: file ? mediaTypeOf(file.type) : 'chat',
    mediaName: file?.name ?? null,
    mediaUrl: null,
    mimeType: file?.type || null,
    fromMe: true,
    status: 'pending',
    timestamp: now,
    createdAt: now,
    updatedAt: now,
    quotedMsg: out.quoted
      ? { id: out.quoted.id, body: out.quoted.body, fromMe: out.quoted.fromMe, mediaType: out.quoted.mediaType }
      : null,
    isDeleted: false,
    isEdited: false,
    reactions: [],
    userId: getSession()?.userId ?? null,
    clientId: clientIdOf(out, i),
    scheduleDate: null,
    actionFailed: null,
  }));
}

/** Total size of the files of one message: 50 MB of files, 100 MB of request (SPEC §5, §9). */
export function filesTooBig(files: File[]): boolean {
  return files.reduce((sum, f) => sum + f.size, 0) > LIMITS.chatFilesTotal;
}

/**
 * POST /messages/:ticketId, JSON or multipart (`medias`). The message shows at once as pending;
 * the answer (or its socket echo) replaces it; a failure marks it failed with "try again".
 */
export function useSendMessage(ticketId: number) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (out: Outgoing) => {
      const path = `/messages/${ticketId}`;
      if (out.files.length === 0) {
        const body = { body: out.body, clientId: out.clientId, quotedMsgId: out.quoted?.id, sign: out.sign };
        return http.post<Message>(path, body, { timeoutMs: SEND_MESSAGE_TIMEOUT_MS });
      }
      const form = new FormData();
      form.set('body', out.body);
      form.set('clientId', out.clientId);
      if (out.quoted) form.set('quotedMsgId', String(out.quoted.id));
      if (out.sign !== undefined) form.set('sign', String(out.sign));
      out.files.forEach((f) => form.append('medias', f, f.name));
      setProgress(0);
      return uploadForm<Message>(path, form, { onProgress: setProgress, timeoutMs: SEND_MESSAGE_TIMEOUT_MS });
    },
    onMutate: (out) => {
      const existing = failedSends.get(out.clientId);
      failedSends.delete(out.clientId);
      if (existing) {
        out.files.forEach((_f, i) =>
          patchMessage(qc, ticketId, (m) => m.clientId === clientIdOf(out, i), { status: 'pending' }),
        );
        patchMessage(qc, ticketId, (m) => m.clientId === out.clientId, { status: 'pending' });
        return;
      }
      localMessages(ticketId, out).forEach((m) => upsertMessage(qc, ticketId, m));
    },
    onSuccess: (msg) => {
      if (msg && typeof msg.id === 'number') upsertMessage(qc, ticketId, msg);
    },
    onError: (_err, out) => {
      failedSends.set(out.clientId, out);
      const ids = new Set((out.files.length ? out.files : [null]).map((_f, i) => clientIdOf(out, i)));
      patchMessage(qc, ticketId, (m) => m.id < 0 && !!m.clientId && ids.has(m.clientId), { status: 'failed' });
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

/** Changes to one message; the server's answer and the socket echo both update the cache. */
export function useMessageActions(ticketId: number) {
  const qc = useQueryClient();
  const apply = (res: Message | undefined) => {
    if (res && typeof res.id === 'number') upsertMessage(qc, ticketId, res);
  };
  return {
    remove: useMutation({
      mutationFn: (id: number) => http.delete<Message | undefined>(`/messages/${id}`),
      onSuccess: apply,
    }),
    edit: useMutation({
      mutationFn: ({ id, body }: { id: number; body: string }) => http.post<Message>(`/messages/edit/${id}`, { body }),
      onSuccess: apply,
    }),
    react: useMutation({
      mutationFn: ({ id, emoji }: { id: number; emoji: string }) =>
        http.post<Message>(`/messages/reactions/${id}`, { emoji }),
      onSuccess: apply,
    }),
    resend: useMutation({
      mutationFn: (id: number) => http.post<Message>(`/messages/resend/${id}`),
      onSuccess: apply,
    }),
    /** A public answer to a customer's comment (Facebook post, Instagram media); sent by the outbox. */
    replyComment: useMutation({
      mutationFn: ({ id, text }: { id: number; text: string }) =>
        http.post<Message>(`/hub-message/comentary/${id}`, { text }),
      onSuccess: apply,
    }),
  };
}

export function useForwardMessages() {
  return useMutation({
    mutationFn: (body: { messageIds: number[]; contactIds: number[] }) => http.post('/forward-messages/', body),
  });
}
