/**
 * The visibility matrix shared by the policy unit tests and the SQL twin test: every profile,
 * every setting that changes visibility, every kind of ticket, and who must see it.
 */
import type { Profile } from '@prosa/contracts';
import type { TicketFacts, TicketSettings, TicketViewer } from './tickets.policy.js';

export const ME = 10;
export const OTHER = 20;
export const MY_QUEUE = 1;
export const OTHER_QUEUE = 2;
export const MY_CHANNEL = 1;
export const OTHER_CHANNEL = 2;

export const NO_SETTINGS: TicketSettings = {
  NotViewTicketsChatBot: false,
  NotViewAssignedTickets: false,
  NotViewTicketsQueueUndefined: false,
  DirectTicketsToWallets: false,
  userContactWallet: false,
  spyticket: false,
  userReopenTicket: false,
  hidePhoneNumber: false,
  viewPrivateTickets: false,
  auditMode: false,
};
export const VISIBILITY_SETTINGS = [
  'none',
  'NotViewTicketsChatBot',
  'NotViewAssignedTickets',
  'NotViewTicketsQueueUndefined',
  'DirectTicketsToWallets',
  'userContactWallet',
  'viewPrivateTickets',
] as const;
export type VisibilitySetting = (typeof VISIBILITY_SETTINGS)[number];
export const settingsWith = (s: VisibilitySetting): TicketSettings =>
  s === 'none' ? NO_SETTINGS : { ...NO_SETTINGS, [s]: true };

export const PROFILE_CODES: Record<string, Profile> = { U: 'user', F: 'supervisorfila', S: 'supervisor', A: 'admin' };

export function viewerOf(profile: Profile, settings: TicketSettings, over: Partial<TicketViewer> = {}): TicketViewer {
  return {
    userId: ME,
    profile,
    isAdmin: profile === 'admin',
    ignoreWallet: false,
    queueIds: [MY_QUEUE],
    channelIds: [],
    settings,
    ...over,
  };
}

const t = (over: Partial<TicketFacts>): TicketFacts => ({
  status: 'pending',
  queueId: MY_QUEUE,
  userId: null,
  channelId: MY_CHANNEL,
  isGroup: false,
  chatbot: false,
  walletUserIds: [],
  isPrivate: false,
  ...over,
});

export const KINDS = {
  own: t({ status: 'open', userId: ME }),
  ownNoQueue: t({ status: 'open', userId: ME, queueId: null }),
  ownOtherQueue: t({ status: 'open', userId: ME, queueId: OTHER_QUEUE }),
  assignedToOther: t({ status: 'open', userId: OTHER }),
  unassigned: t({}),
  otherQueue: t({ queueId: OTHER_QUEUE }),
  noQueue: t({ queueId: null }),
  noQueueGroup: t({ queueId: null, isGroup: true }),
  queueGroup: t({ isGroup: true }),
  chatbot: t({ chatbot: true }),
  walletMine: t({ walletUserIds: [ME] }),
  walletOther: t({ walletUserIds: [OTHER] }),
  privateOwn: t({ status: 'open', userId: ME, isPrivate: true }),
  privateOfOther: t({ status: 'open', userId: OTHER, isPrivate: true }),
  privateUnassigned: t({ isPrivate: true }),
} satisfies Record<string, TicketFacts>;
export type Kind = keyof typeof KINDS;

/** Who sees each kind without showAll, with no setting on: profile codes U F S A. */
const BASE: Record<Kind, string> = {
  own: 'UFSA',
  ownNoQueue: 'UFSA',
  ownOtherQueue: 'UFSA',
  assignedToOther: 'UFSA',
  unassigned: 'UFSA',
  otherQueue: '',
  noQueue: 'UFSA',
  noQueueGroup: 'A',
  queueGroup: 'UFSA',
  chatbot: 'UFSA',
  walletMine: 'UFSA',
  walletOther: 'UFSA',
  privateOwn: 'UFSA',
  // Another agent's private ticket: nobody, admins included.
  privateOfOther: '',
  privateUnassigned: 'UFSA',
};

/** What each setting changes in BASE (showAll off). */
const CHANGES: Record<VisibilitySetting, Partial<Record<Kind, string>>> = {
  none: {},
  NotViewTicketsChatBot: { chatbot: 'A' },
  NotViewAssignedTickets: { assignedToOther: 'FSA' },
  NotViewTicketsQueueUndefined: { noQueue: 'A' },
  DirectTicketsToWallets: { walletOther: 'FSA' },
  userContactWallet: {
    assignedToOther: 'FSA',
    unassigned: 'FSA',
    noQueue: 'FSA',
    queueGroup: 'FSA',
    chatbot: 'FSA',
    walletOther: 'FSA',
    privateUnassigned: 'FSA',
  },
  viewPrivateTickets: { privateOfOther: 'A' },
};

/** Kinds whose answer showAll does not change (a private ticket is hidden from showAll too). */
const SHOW_ALL_EXEMPT: readonly Kind[] = ['privateOwn', 'privateOfOther'];

/** The expected answer: does `profileCode` see `kind` with `setting` on? */
export function expected(setting: VisibilitySetting, kind: Kind, profileCode: string, showAll: boolean): boolean {
  // Admins and general supervisors with showAll see everything.
  if (showAll && (profileCode === 'A' || profileCode === 'S') && !SHOW_ALL_EXEMPT.includes(kind)) return true;
  return (CHANGES[setting][kind] ?? BASE[kind]).includes(profileCode);
}
