import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { channels } from '../../platform/db/schema.js';
import type { Company } from '../../test/harness.js';
import { storeInbound } from '../../modules/messages/inbound/store-inbound.js';
import { channelAdapters } from '../../modules/channels/channel-registry.js';
import { reportSession } from '../../modules/channels/session/session-state.js';
import type { ChannelRow, SessionContext, SessionState } from '../../modules/channels/channel-adapter.js';
import { SUBSCRIBED_FIELDS } from './meta.adapter.js';
import { inTenant, metaChannel, type MetaEnv } from '../testing/meta.test-support.js';

/** Page selection (POST /channels/meta/pages) and connect/disconnect; runs inside meta.integration.test.ts. */
export function pagesSuite(envOf: () => MetaEnv): void {
  let env: MetaEnv;
  let a: Company;

  beforeAll(async () => {
    env = envOf();
    a = await env.h.company();
  });

  const pagesOf = (body: unknown, token = a.admin.token) => env.h.request('POST', '/channels/meta/pages', { token, body });
  const context = (channel: ChannelRow, states: SessionState[]): SessionContext => ({
    platform: env.h.app.platform,
    channel,
    async report(state) {
      states.push(state);
      await reportSession(env.h.app.platform, channel.tenantId, channel.id, state);
    },
    async receive(payload) {
      await storeInbound(env.h.app.platform, channel, payload);
    },
  });
  const channelRow = (id: number) => inTenant(env, a, (s) => s.first(channels, eq(channels.id, id)));

  it("lists the pages the user's token manages, with tokens and linked Instagram accounts, across result pages", async () => {
    const pages = [env.standIn.addPage('Loja Centro'), env.standIn.addPage('Loja Norte'), env.standIn.addPage('Loja Sul')];
    const res = await pagesOf({ userAccessToken: env.standIn.userToken(pages.map((p) => p.id)) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      pages.map((p) => ({ pageId: p.id, pageName: p.name, pageAccessToken: p.accessToken, igUserId: p.ig!.id, igUsername: p.ig!.username })),
    );
    // Three pages with two per answer: the paging link was followed.
    expect(env.standIn.calls().filter((c) => c.path === '/me/accounts').length).toBeGreaterThanOrEqual(2);
  });

  it('a wrong token answers ERR_CHANNEL_TOKEN_INVALID; bad input, agents and no token are refused', async () => {
    expect(await pagesOf({ userAccessToken: 'EAAGnot-a-real-token' })).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_TOKEN_INVALID' } });
    // A page token is no user token either.
    expect(await pagesOf({ userAccessToken: env.standIn.pages[0]!.accessToken })).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_TOKEN_INVALID' } });
    expect(await pagesOf({})).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { userAccessToken: 'validation.required' } } });
    const agent = await env.h.user(a, 'user');
    expect(await pagesOf({ userAccessToken: env.standIn.userToken() }, agent.token)).toMatchObject({ status: 403 });
    expect((await env.h.request('POST', '/channels/meta/pages', { body: { userAccessToken: 'x' } })).status).toBe(401);
  });

  it('connect checks the page token, subscribes the app to the page and reports CONNECTED with the page name', async () => {
    const { channel, page } = await metaChannel(env, a, 'messenger');
    const states: SessionState[] = [];
    await channelAdapters.messenger!.connect!(context(channel, states));
    expect(states).toEqual([{ status: 'CONNECTED', number: page.name, retries: 0 }]);
    expect(env.standIn.subscriptions(page.id)).toEqual(SUBSCRIBED_FIELDS);
    expect(await channelRow(channel.id)).toMatchObject({ status: 'CONNECTED', number: page.name });
    // Disconnect removes the subscription.
    await channelAdapters.messenger!.disconnect!(env.h.app.platform, channel);
    expect(env.standIn.subscriptions(page.id)).toBeUndefined();
  });

  it('an Instagram channel reports its @username; a bad token reports DISCONNECTED and ERR_CHANNEL_TOKEN_INVALID', async () => {
    const { channel, page } = await metaChannel(env, a, 'instagram');
    const states: SessionState[] = [];
    await channelAdapters.instagram!.connect!(context(channel, states));
    expect(states).toEqual([{ status: 'CONNECTED', number: `@${page.ig!.username}`, retries: 0 }]);
    expect(env.standIn.subscriptions(page.id)).toEqual(SUBSCRIBED_FIELDS);
    const revoked = await inTenant(env, a, async (s) => {
      const [row] = await s.update(channels, { token: 'EAAGrevoked-token' }, eq(channels.id, channel.id));
      return row!;
    });
    const after: SessionState[] = [];
    await expect(channelAdapters.instagram!.connect!(context(revoked, after))).rejects.toMatchObject({ code: 'ERR_CHANNEL_TOKEN_INVALID' });
    expect(after).toEqual([{ status: 'DISCONNECTED' }]);
    expect(await channelRow(channel.id)).toMatchObject({ status: 'DISCONNECTED' });
  });
}
