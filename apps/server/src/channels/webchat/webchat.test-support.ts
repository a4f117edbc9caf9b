/** Factories of the web chat tests: a company's web chat channel and a visitor session on it. */
import { randomBytes } from 'node:crypto';
import { channels, queues } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Company, Harness } from '../../test/harness.js';
import type { ChannelRow } from '../types.js';

export async function webchatChannel(h: Harness, company: Company, type: ChannelRow['type'] = 'webchat'): Promise<ChannelRow> {
  return withTenant(h.app.platform.db, company.tenantId, async (scope) => {
    const suffix = randomBytes(3).toString('hex');
    const queue = await scope.insert(queues, { name: `Site ${suffix}`, color: '#1971c2' });
    return scope.insert(channels, {
      name: `Site ${suffix}`,
      type,
      status: 'CONNECTED',
      token: randomBytes(18).toString('base64url'),
      defaultQueueId: queue.id,
    });
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
