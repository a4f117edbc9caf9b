import { describe, expect, it } from 'vitest';
import { chooseFlow, keywordFlow, type FlowFacts } from './choose-flow.js';

const flows = new Map([
  [1, { isActive: true, testNumber: '' }],
  [2, { isActive: true, testNumber: '' }],
  [3, { isActive: true, testNumber: '' }],
  [4, { isActive: true, testNumber: '' }],
  [5, { isActive: false, testNumber: '' }],
  [6, { isActive: true, testNumber: '5511999990001' }],
]);
const base: FlowFacts = {
  crmLaneFlowId: null,
  keywordFlowId: null,
  channelFlowId: null,
  defaultFlowId: null,
  ticketHasUser: false,
  openedByAgent: false,
  isGroup: false,
  contactDisableBot: false,
  contactNumber: '5511999990001',
  flows,
};

describe('which bot runs on a new ticket (DOMAIN.md precedence)', () => {
  it.each<[string, Partial<FlowFacts>, ReturnType<typeof chooseFlow>]>([
    ['CRM lane first', { crmLaneFlowId: 1, keywordFlowId: 2, channelFlowId: 3, defaultFlowId: 4 }, { flowId: 1, source: 'crmLane' }],
    ['then the keyword', { keywordFlowId: 2, channelFlowId: 3, defaultFlowId: 4 }, { flowId: 2, source: 'keyword' }],
    ['then the channel', { channelFlowId: 3, defaultFlowId: 4 }, { flowId: 3, source: 'channel' }],
    ['then the company default', { defaultFlowId: 4 }, { flowId: 4, source: 'default' }],
    ['none named', {}, { flowId: null, reason: 'none' }],
    ['a wallet owner (ticket with its agent) skips it', { channelFlowId: 3, ticketHasUser: true }, { flowId: null, reason: 'user' }],
    ['a ticket an agent opened skips it', { channelFlowId: 3, openedByAgent: true }, { flowId: null, reason: 'agent' }],
    ['a group skips it', { channelFlowId: 3, isGroup: true }, { flowId: null, reason: 'group' }],
    ['a contact with the bot disabled skips it', { channelFlowId: 3, contactDisableBot: true }, { flowId: null, reason: 'disableBot' }],
    ['an inactive flow skips it', { keywordFlowId: 5, channelFlowId: 3 }, { flowId: null, reason: 'inactive' }],
    ['the test number answers its phone', { channelFlowId: 6 }, { flowId: 6, source: 'channel' }],
    ['and skips every other', { channelFlowId: 6, contactNumber: '5511988887777' }, { flowId: null, reason: 'testNumber' }],
  ])('%s', (_name, facts, expected) => {
    expect(chooseFlow({ ...base, ...facts })).toEqual(expected);
  });

  it('a keyword is the whole first message, any case, the channel mapping before the all-channels one', () => {
    const maps = [
      { keyword: 'Promo', chatFlowId: 1, channelId: null, isActive: true },
      { keyword: 'promo', chatFlowId: 2, channelId: 7, isActive: true },
      { keyword: 'off', chatFlowId: 3, channelId: null, isActive: false },
    ];
    expect(keywordFlow(' PROMO ', 7, maps)).toBe(2);
    expect(keywordFlow('promo', 8, maps)).toBe(1);
    expect(keywordFlow('quero a promo', 7, maps)).toBeNull();
    expect(keywordFlow('off', 7, maps)).toBeNull();
  });
});
