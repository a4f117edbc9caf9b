import { describe, expect, it } from 'vitest';
import { isTicketVisible, mayReadMessages, ticketCan, type TicketFacts } from './tickets.policy.js';
import {
  expected,
  KINDS,
  ME,
  MY_CHANNEL,
  MY_QUEUE,
  NO_SETTINGS,
  OTHER,
  OTHER_CHANNEL,
  OTHER_QUEUE,
  PROFILE_CODES,
  settingsWith,
  viewerOf,
  VISIBILITY_SETTINGS,
  type Kind,
} from './tickets.policy.fixtures.js';

const kinds = Object.keys(KINDS) as Kind[];
const profiles = Object.entries(PROFILE_CODES);

describe('ticket visibility: every profile x every setting x every kind of ticket', () => {
  for (const setting of VISIBILITY_SETTINGS) {
    for (const showAll of [false, true]) {
      describe(`${setting}, showAll ${showAll}`, () => {
        const cases = profiles.flatMap(([code, profile]) => kinds.map((kind) => ({ code, profile, kind })));
        it.each(cases)('$profile / $kind', ({ code, profile, kind }) => {
          const v = viewerOf(profile, settingsWith(setting));
          const got = isTicketVisible(v, KINDS[kind], { showAll, includeNotQueueDefined: true });
          expect(got).toBe(expected(setting, kind, code, showAll));
        });
      });
    }
  }
});

describe('ticket visibility: the queue filter', () => {
  const opts = (includeNotQueueDefined: boolean, queueIds?: number[]) => ({
    showAll: false,
    includeNotQueueDefined,
    queueIds,
  });
  it.each(profiles)(
    'without includeNotQueueDefined %s sees no ticket without a queue, not even its own',
    (_c, profile) => {
      const v = viewerOf(profile, NO_SETTINGS);
      expect(isTicketVisible(v, KINDS.noQueue, opts(false))).toBe(false);
      expect(isTicketVisible(v, KINDS.ownNoQueue, opts(false))).toBe(false);
      expect(isTicketVisible(v, KINDS.unassigned, opts(false))).toBe(true);
    },
  );
  it.each(profiles)('choosing queues narrows %s to them, own tickets included', (_c, profile) => {
    const v = viewerOf(profile, NO_SETTINGS, { queueIds: [MY_QUEUE, OTHER_QUEUE] });
    expect(isTicketVisible(v, KINDS.otherQueue, opts(true, [MY_QUEUE]))).toBe(false);
    expect(isTicketVisible(v, KINDS.ownOtherQueue, opts(true, [MY_QUEUE]))).toBe(false);
    expect(isTicketVisible(v, KINDS.unassigned, opts(true, [MY_QUEUE]))).toBe(true);
    expect(isTicketVisible(v, KINDS.noQueue, opts(true, [MY_QUEUE]))).toBe(true);
  });
  it('choosing a queue the agent is not in shows nothing of it', () => {
    const v = viewerOf('user', NO_SETTINGS);
    expect(isTicketVisible(v, KINDS.otherQueue, opts(true, [OTHER_QUEUE]))).toBe(false);
  });
  it('showAll ignores the queue filter for admins and general supervisors only', () => {
    for (const profile of ['admin', 'supervisor'] as const) {
      expect(
        isTicketVisible(viewerOf(profile, NO_SETTINGS), KINDS.otherQueue, {
          showAll: true,
          includeNotQueueDefined: false,
          queueIds: [MY_QUEUE],
        }),
      ).toBe(true);
    }
    for (const profile of ['user', 'supervisorfila'] as const) {
      expect(
        isTicketVisible(viewerOf(profile, NO_SETTINGS), KINDS.otherQueue, {
          showAll: true,
          includeNotQueueDefined: true,
        }),
      ).toBe(false);
    }
  });
});

describe("a user's channels: the limit holds for every profile, showAll and own tickets included", () => {
  // Each kind of ticket moved to another channel, and to none: nobody limited to MY_CHANNEL sees it.
  const cases = profiles.flatMap(([code, profile]) =>
    VISIBILITY_SETTINGS.flatMap((setting) =>
      [false, true].flatMap((showAll) => kinds.map((kind) => ({ code, profile, setting, showAll, kind }))),
    ),
  );
  it.each(cases)('$profile / $setting / showAll $showAll / $kind', ({ code, profile, setting, showAll, kind }) => {
    const opts = { showAll, includeNotQueueDefined: true };
    const limited = viewerOf(profile, settingsWith(setting), { channelIds: [MY_CHANNEL] });
    // On its channel the limit changes nothing.
    expect(isTicketVisible(limited, KINDS[kind], opts)).toBe(expected(setting, kind, code, showAll));
    expect(isTicketVisible(limited, { ...KINDS[kind], channelId: OTHER_CHANNEL }, opts)).toBe(false);
    expect(isTicketVisible(limited, { ...KINDS[kind], channelId: null }, opts)).toBe(false);
    // Limited to several channels, any of them will do; without a limit, every channel.
    const both = viewerOf(profile, settingsWith(setting), { channelIds: [OTHER_CHANNEL, MY_CHANNEL] });
    expect(isTicketVisible(both, { ...KINDS[kind], channelId: OTHER_CHANNEL }, opts)).toBe(
      expected(setting, kind, code, showAll),
    );
    const free = viewerOf(profile, settingsWith(setting));
    expect(isTicketVisible(free, { ...KINDS[kind], channelId: OTHER_CHANNEL }, opts)).toBe(
      expected(setting, kind, code, showAll),
    );
  });
  it('a ticket on another channel offers no action and no reading', () => {
    const v = viewerOf('admin', NO_SETTINGS, { channelIds: [MY_CHANNEL] });
    const elsewhere = { ...KINDS.own, channelId: OTHER_CHANNEL };
    expect(Object.values(ticketCan(v, elsewhere)).some(Boolean)).toBe(false);
    expect(mayReadMessages(v, elsewhere)).toBe(false);
  });
});

describe('wallet rules', () => {
  it.each(['DirectTicketsToWallets', 'userContactWallet'] as const)(
    'an agent that ignores wallets is not narrowed by %s',
    (s) => {
      const v = viewerOf('user', settingsWith(s), { ignoreWallet: true });
      expect(isTicketVisible(v, KINDS.walletOther)).toBe(true);
      expect(isTicketVisible(v, KINDS.unassigned)).toBe(true);
    },
  );
  it('a support-email admin (isAdmin with another profile) is never narrowed', () => {
    const v = viewerOf('user', settingsWith('userContactWallet'), { isAdmin: true });
    expect(isTicketVisible(v, KINDS.walletOther)).toBe(true);
    expect(isTicketVisible(v, KINDS.noQueueGroup)).toBe(true);
  });
});

describe('what the viewer may do', () => {
  const pending: TicketFacts = KINDS.unassigned;
  const closedOwn: TicketFacts = { ...KINDS.own, status: 'closed' };
  it('nothing on a ticket it cannot see, and nothing without a viewer', () => {
    expect(Object.values(ticketCan(viewerOf('user', NO_SETTINGS), KINDS.otherQueue)).some(Boolean)).toBe(false);
    expect(Object.values(ticketCan(null, KINDS.own)).some(Boolean)).toBe(false);
  });
  it('accepts a pending ticket of its queue, replies and returns only its own open ones', () => {
    const v = viewerOf('user', NO_SETTINGS);
    expect(ticketCan(v, pending)).toMatchObject({
      accept: true,
      reply: false,
      returnToQueue: false,
      close: true,
      transfer: true,
    });
    expect(ticketCan(v, KINDS.own)).toMatchObject({ accept: false, reply: true, returnToQueue: true, close: true });
    expect(ticketCan(v, KINDS.assignedToOther)).toMatchObject({
      reply: false,
      returnToQueue: false,
      close: false,
      transfer: false,
    });
  });
  it("a pending ticket given to another agent is theirs to accept, or a supervisor's", () => {
    const givenToOther = { ...pending, userId: OTHER };
    expect(ticketCan(viewerOf('user', NO_SETTINGS), givenToOther).accept).toBe(false);
    expect(ticketCan(viewerOf('supervisorfila', NO_SETTINGS), givenToOther).accept).toBe(true);
    expect(ticketCan(viewerOf('user', NO_SETTINGS), { ...pending, userId: ME }).accept).toBe(true);
  });
  it('supervisors act on tickets of others', () => {
    for (const p of ['supervisorfila', 'supervisor', 'admin'] as const) {
      expect(ticketCan(viewerOf(p, NO_SETTINGS), KINDS.assignedToOther)).toMatchObject({
        reply: true,
        close: true,
        transfer: true,
        returnToQueue: true,
      });
    }
  });
  it('userReopenTicket decides whether agents reopen; supervisors always may', () => {
    expect(ticketCan(viewerOf('user', NO_SETTINGS), closedOwn).reopen).toBe(false);
    expect(ticketCan(viewerOf('user', { ...NO_SETTINGS, userReopenTicket: true }), closedOwn).reopen).toBe(true);
    for (const p of ['supervisorfila', 'supervisor', 'admin'] as const)
      expect(ticketCan(viewerOf(p, NO_SETTINGS), closedOwn).reopen).toBe(true);
  });
  it.each(profiles)('delete: %s', (code, profile) => {
    expect(ticketCan(viewerOf(profile, NO_SETTINGS), pending).delete).toBe(code !== 'U');
  });
  it('spyticket decides whether an agent reads a pending ticket before accepting', () => {
    const pendingOfOther = { ...pending, userId: OTHER };
    expect(mayReadMessages(viewerOf('user', NO_SETTINGS), pending)).toBe(false);
    expect(mayReadMessages(viewerOf('user', { ...NO_SETTINGS, spyticket: true }), pending)).toBe(true);
    expect(mayReadMessages(viewerOf('user', NO_SETTINGS), KINDS.own)).toBe(true);
    expect(mayReadMessages(viewerOf('user', NO_SETTINGS), { ...pending, userId: ME })).toBe(true);
    expect(mayReadMessages(viewerOf('supervisorfila', NO_SETTINGS), pendingOfOther)).toBe(true);
    expect(mayReadMessages(viewerOf('user', { ...NO_SETTINGS, spyticket: true }), KINDS.otherQueue)).toBe(false);
  });
});
