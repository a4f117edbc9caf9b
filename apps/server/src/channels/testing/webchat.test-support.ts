/** Factories of the web chat tests: a company's web chat channel and a visitor session on it. */
import { randomBytes } from 'node:crypto';
import type { Company, Harness } from '../../test/harness.js';
import { channelWithQueue } from './common.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';

export async function webchatChannel(
  h: Harness,
  company: Company,
  type: ChannelRow['type'] = 'webchat',
): Promise<ChannelRow> {
  return channelWithQueue(h, company, 'Site', '#1971c2', {
    type,
    status: 'CONNECTED',
    token: randomBytes(18).toString('base64url'),
  });
}

export interface Visitor {
  visitorId: string;
  visitorToken: string;
}

export async function visitor(h: Harness, key: string, body: Record<string, unknown> = {}): Promise<Visitor> {
  const res = await h.request('POST', `/webchat/${key}/session`, { body });
  if (res.status !== 200) throw new Error(`session failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let seq = 0;
export const clientId = () => `client-${Date.now().toString(36)}-${(seq++).toString(36)}`;

export async function say(h: Harness, key: string, v: Visitor, text: string, id = clientId()) {
  return h.request('POST', `/webchat/${key}/messages`, { token: v.visitorToken, body: { text, clientId: id } });
}
