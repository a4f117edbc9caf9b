import type { InternalMessage } from '@prosa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSession } from '../../shared/auth/session';
import { connectSocket } from '../../shared/realtime/socket';
import soundUrl from './assets/new-message.wav';
import { GROUPS_KEY, UNREAD_KEY, type Conversation } from './use-internal-chat';

/** The conversation on screen (the page sets it): a message there needs no sound while the tab has focus. */
let onScreen: Conversation | null = null;
export const setOnScreenConversation = (c: Conversation | null) => {
  onScreen = c;
};
export const conversationOf = (m: InternalMessage, me: number): Conversation =>
  m.groupId !== null
    ? { kind: 'group', id: m.groupId }
    : { kind: 'user', id: m.senderId === me ? m.recipientId! : m.senderId };

let audio: HTMLAudioElement | null = null;
function chime() {
  audio ??= new Audio(soundUrl);
  audio.currentTime = 0;
  // Browsers refuse to play before the user has interacted with the page: nothing to do then.
  void audio.play().catch(() => undefined);
}

/**
 * App-wide (the menu badge mounts it): a message from someone else refreshes the unread count and
 * the people and group lists, and chimes unless its conversation is on screen; reads elsewhere
 * (another tab) refresh the count too.
 */
export function useInternalChatAlerts(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const socket = connectSocket();
    const refresh = () => {
      void qc.invalidateQueries({ queryKey: UNREAD_KEY });
      void qc.invalidateQueries({ queryKey: ['ichat', 'people'] });
      void qc.invalidateQueries({ queryKey: GROUPS_KEY });
    };
    const onMessage = ({ message }: { message: InternalMessage }) => {
      const me = getSession()?.userId;
      if (!message || message.senderId === me) return;
      refresh();
      const c = conversationOf(message, me ?? 0);
      const visible = onScreen?.kind === c.kind && onScreen.id === c.id && document.hasFocus();
      if (!visible) chime();
    };
    const onGroup = () => void qc.invalidateQueries({ queryKey: GROUPS_KEY });
    const onPresence = () => void qc.invalidateQueries({ queryKey: ['ichat', 'people'] });
    // After a reconnect, messages may have come meanwhile.
    socket.on('connect', refresh);
    socket.on('chat-interno:message', onMessage);
    socket.on('chat-interno:read', refresh);
    socket.on('chat-interno:group', onGroup);
    socket.on('user:presence', onPresence);
    return () => {
      socket.off('connect', refresh);
      socket.off('chat-interno:message', onMessage);
      socket.off('chat-interno:read', refresh);
      socket.off('chat-interno:group', onGroup);
      socket.off('user:presence', onPresence);
    };
  }, [qc]);
}
