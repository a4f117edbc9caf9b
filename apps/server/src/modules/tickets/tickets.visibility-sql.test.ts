// The list query applies the ticket policy in SQL: for every profile, setting and queue filter,
// it must return exactly the tickets isTicketVisible lets through (and never another tenant's).
import { ZAttendanceFilter } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Harness } from '../../test/harness.js';
import { isTicketVisible, type TicketFacts, type TicketViewer } from './tickets.policy.js';
import {
  KINDS,
  MY_QUEUE,
  ME,
  OTHER,
  PROFILE_CODES,
  settingsWith,
  VISIBILITY_SETTINGS,
  type Kind,
} from './tickets.policy.fixtures.js';
import { listTicketPage } from './tickets.list-query.js';
import { ticketFactories } from './test-factories.js';

let h: Harness;
let tenantId: number;
const ids = { me: 0, other: 0, myQueue: 0, otherQueue: 0, myChannel: 0, otherChannel: 0 };
/** Ticket id -> its facts, in the fixture's terms. */
const made = new Map<number, TicketFacts>();

/** The fixture's symbolic ids mapped onto the rows created here. */
const real = (n: number | null) =>
  n === null ? null : n === ME ? ids.me : n === OTHER ? ids.other : n === MY_QUEUE ? ids.myQueue : ids.otherQueue;

beforeAll(async () => {
  h = await startHarness();
  const a = await h.company();
  const b = await h.company();
  tenantId = a.tenantId;
  const f = ticketFactories(h.app.platform.db, a.tenantId);
  ids.me = (await h.user(a, 'user')).userId;
  ids.other = (await h.user(a, 'user')).userId;
  ids.myQueue = (await f.queue()).id;
  ids.otherQueue = (await f.queue()).id;
  ids.myChannel = (await f.channel()).id;
  ids.otherChannel = (await f.channel()).id;
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const k = KINDS[kind];
    const contact = await f.contact({ isGroup: k.isGroup });
    for (const w of k.walletUserIds) await f.wallet(contact.id, real(w)!);
    const row = await f.ticket({
      contactId: contact.id,
      status: k.status,
      queueId: real(k.queueId),
      userId: k.userId === null ? null : real(k.userId),
      isGroup: k.isGroup,
      isPrivate: k.isPrivate,
      channelId: ids.myChannel,
      ...(k.chatbot ? (kind === 'chatbot' ? { chatFlowId: 7 } : { botState: { step: 1 } }) : {}),
    });
    made.set(row.id, {
      ...k,
      queueId: real(k.queueId),
      userId: k.userId === null ? null : real(k.userId),
      walletUserIds: k.walletUserIds.map((w) => real(w)!),
      channelId: ids.myChannel,
    });
  }
  // Tickets on another channel (own, unassigned) and on none, for the channel limit.
  for (const [userId, channelId] of [
    [ids.me, ids.otherChannel],
    [null, ids.otherChannel],
    [null, null],
  ] as const) {
    const row = await f.ticket({ status: 'open', queueId: ids.myQueue, userId, channelId });
    made.set(row.id, { ...KINDS.unassigned, status: 'open', queueId: ids.myQueue, userId, channelId });
  }
  // A bot conversation without a flow id is a chatbot ticket too.
  const bot = await f.ticket({ queueId: ids.myQueue, botState: { step: 2 }, channelId: ids.myChannel });
  made.set(bot.id, { ...KINDS.chatbot, queueId: ids.myQueue, channelId: ids.myChannel });
  // Another tenant's ticket in the same database must never show.
  await ticketFactories(h.app.platform.db, b.tenantId).ticket({ status: 'open' });
});
afterAll(() => h.close());

const filter = (over: Record<string, unknown>) =>
  ZAttendanceFilter.parse({ status: ['open', 'pending', 'closed'], ...over });

describe('the list query applies the same rules as the policy', () => {
  const combos = VISIBILITY_SETTINGS.flatMap((setting) =>
    Object.values(PROFILE_CODES).flatMap((profile) =>
      [false, true].flatMap((showAll) =>
        [true, false].map((includeNotQueueDefined) => ({ setting, profile, showAll, includeNotQueueDefined })),
      ),
    ),
  );
  it.each(combos)('$profile, $setting, showAll $showAll, includeNotQueueDefined $includeNotQueueDefined', async (c) => {
    const viewer: TicketViewer = {
      userId: ids.me,
      profile: c.profile,
      isAdmin: c.profile === 'admin',
      ignoreWallet: false,
      queueIds: [ids.myQueue],
      channelIds: [],
      settings: settingsWith(c.setting),
    };
    const opts = { showAll: c.showAll, includeNotQueueDefined: c.includeNotQueueDefined };
    const want = [...made]
      .filter(([, facts]) => isTicketVisible(viewer, facts, opts))
      .map(([id]) => id)
      .sort();
    const got = await withTenant(h.app.platform.db, tenantId, (scope) => listTicketPage(scope, viewer, filter(opts)));
    expect(got.bases.map((b) => b.row.id).sort()).toEqual(want);
    expect(got.count).toBe(want.length);
  });

  it('choosing queues narrows the list as the policy says', async () => {
    const viewer: TicketViewer = {
      userId: ids.me,
      profile: 'user',
      isAdmin: false,
      ignoreWallet: false,
      queueIds: [ids.myQueue, ids.otherQueue],
      channelIds: [],
      settings: settingsWith('none'),
    };
    const opts = { showAll: false, includeNotQueueDefined: false, queueIds: [ids.otherQueue] };
    const want = [...made]
      .filter(([, facts]) => isTicketVisible(viewer, facts, opts))
      .map(([id]) => id)
      .sort();
    const got = await withTenant(h.app.platform.db, tenantId, (scope) =>
      listTicketPage(scope, viewer, filter({ includeNotQueueDefined: false, queuesIds: [ids.otherQueue] })),
    );
    expect(want.length).toBeGreaterThan(0);
    expect(got.bases.map((b) => b.row.id).sort()).toEqual(want);
  });

  const limited = Object.values(PROFILE_CODES).flatMap((profile) =>
    [false, true].map((showAll) => ({ profile, showAll })),
  );
  it.each(limited)('a user limited to one channel ($profile, showAll $showAll) lists that channel only', async (c) => {
    const viewer: TicketViewer = {
      userId: ids.me,
      profile: c.profile,
      isAdmin: c.profile === 'admin',
      ignoreWallet: false,
      queueIds: [ids.myQueue],
      channelIds: [ids.myChannel],
      settings: settingsWith('none'),
    };
    const opts = { showAll: c.showAll, includeNotQueueDefined: true };
    const want = [...made]
      .filter(([, facts]) => isTicketVisible(viewer, facts, opts))
      .map(([id]) => id)
      .sort();
    const got = await withTenant(h.app.platform.db, tenantId, (scope) => listTicketPage(scope, viewer, filter(opts)));
    expect(got.bases.map((b) => b.row.id).sort()).toEqual(want);
    expect(got.bases.every((b) => b.row.channelId === ids.myChannel)).toBe(true);
    expect(want.length).toBeGreaterThan(0);
  });
});
