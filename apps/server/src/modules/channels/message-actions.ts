/**
 * What a channel type lets agents do to messages already at the provider (react, edit, delete),
 * from its adapter's capabilities: the desk gets it with each ticket (`messageActions`) and the
 * messages module refuses the rest with ERR_CHANNEL_NOT_SUPPORTED.
 */
import { sameEmoji, type MessageActionKind, type Ticket } from '@prosa/contracts';
import { channelAdapters, type ChannelType } from './channel-registry.js';
import type { ChannelCapabilities } from './channel-adapter.js';

export function capabilitiesOf(type: string | null | undefined): ChannelCapabilities | undefined {
  return type ? channelAdapters[type as ChannelType]?.capabilities : undefined;
}

/** Whether the channel type takes `kind` at all (and, for a reaction, this emoji). */
export function channelTakes(type: string | null | undefined, kind: MessageActionKind, emoji?: string): boolean {
  const caps = capabilitiesOf(type);
  if (!caps) return false;
  if (kind === 'edit') return caps.edit;
  if (kind === 'delete') return caps.delete;
  if (!caps.reactions) return false;
  return !emoji || !caps.reactionEmojis || caps.reactionEmojis.some((e) => sameEmoji(e, emoji));
}

export { sameEmoji };

/** The ticket's `messageActions` for a viewer who may (or may not) reply on it. */
export function messageActionsFor(type: string | null | undefined, mayReply: boolean): Ticket['messageActions'] {
  const caps = capabilitiesOf(type);
  const react = mayReply && !!caps?.reactions;
  return {
    react,
    reactionEmojis: react && caps?.reactionEmojis ? [...caps.reactionEmojis] : null,
    edit: mayReply && !!caps?.edit,
    delete: !!caps?.delete,
  };
}
