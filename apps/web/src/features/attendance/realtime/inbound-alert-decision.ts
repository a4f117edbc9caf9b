/**
 * What the desk does with a message event: nothing (our own message, or an update), read it at
 * once (its ticket is on screen), or alert with a sound and a browser notification. Group tickets
 * alert only when the company turned `groupnotification` on (DOMAIN.md settings): busy groups
 * would otherwise beep all day.
 */
export type InboundReaction = 'ignore' | 'read' | 'alert';

export interface InboundFacts {
  action: 'create' | 'update' | 'delete';
  fromMe: boolean;
  /** The message's ticket is the focused one and the page is visible. */
  inFocus: boolean;
  isGroup: boolean;
  /** The tenant setting `groupnotification` is 'enabled'. */
  groupNotification: boolean;
}

export function inboundReaction(f: InboundFacts): InboundReaction {
  if (f.action !== 'create' || f.fromMe) return 'ignore';
  if (f.inFocus) return 'read';
  if (f.isGroup && !f.groupNotification) return 'ignore';
  return 'alert';
}
