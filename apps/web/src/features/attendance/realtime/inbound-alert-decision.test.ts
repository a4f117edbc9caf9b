import { describe, expect, it } from 'vitest';
import { inboundReaction, type InboundFacts } from './inbound-alert-decision';

const facts = (over: Partial<InboundFacts> = {}): InboundFacts => ({
  action: 'create',
  fromMe: false,
  inFocus: false,
  isGroup: false,
  groupNotification: false,
  ...over,
});

describe('sound and notification for new messages', () => {
  it('a customer message on a ticket not in focus alerts, whatever groupnotification says', () => {
    expect(inboundReaction(facts())).toBe('alert');
    expect(inboundReaction(facts({ groupNotification: true }))).toBe('alert');
  });

  it('groupnotification disabled: a group message stays silent', () => {
    expect(inboundReaction(facts({ isGroup: true, groupNotification: false }))).toBe('ignore');
  });

  it('groupnotification enabled: a group message alerts', () => {
    expect(inboundReaction(facts({ isGroup: true, groupNotification: true }))).toBe('alert');
  });

  it('a message on the ticket in focus is read, not alerted, group or not', () => {
    expect(inboundReaction(facts({ inFocus: true }))).toBe('read');
    expect(inboundReaction(facts({ inFocus: true, isGroup: true }))).toBe('read');
  });

  it('our own messages and updates never alert', () => {
    expect(inboundReaction(facts({ fromMe: true, groupNotification: true }))).toBe('ignore');
    expect(inboundReaction(facts({ action: 'update' }))).toBe('ignore');
    expect(inboundReaction(facts({ action: 'delete', isGroup: true, groupNotification: true }))).toBe('ignore');
  });
});
