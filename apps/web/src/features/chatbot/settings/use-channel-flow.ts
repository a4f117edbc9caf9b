import type { Channel } from '@prosa/contracts';
import { ZChannelUpdate } from '@prosa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/client';
import { upsertChannel } from '../../sessions/channel-cache';
import { channelFormValues } from '../../sessions/channel-form';

/** The flow a channel runs (channels.chat_flow_id); null: the company default. */
export function channelFlowId(channel: Channel): number | null {
  return channel.chatFlowId ?? null;
}

/**
 * PUT /channels/{id} takes the whole channel: the same body the channel form sends (secrets left
 * blank keep the stored ones), with the flow changed.
 */
export function channelFlowBody(channel: Channel, chatFlowId: number | null) {
  return { ...ZChannelUpdate.parse(channelFormValues(channel)), chatFlowId };
}

export function useSetChannelFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, chatFlowId }: { channel: Channel; chatFlowId: number | null }) =>
      http.put<Channel>(`/channels/${channel.id}`, channelFlowBody(channel, chatFlowId)),
    onSuccess: (saved) => upsertChannel(qc, saved),
  });
}
