// SECURITY-CRITICAL: who a widget is. A visitor id is only kept when the widget proves it with a
// valid token of this very channel; a bare visitorId from the body is never trusted (it would let
// anyone read another visitor's conversation).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { contacts } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import type { ChannelRow } from '../../../modules/channels/channel-adapter.js';
import { signVisitorToken, verifyVisitorToken } from '../visitor-token.js';
import type { WebchatSession, WebchatSessionInput } from '../webchat.schemas.js';

export async function startVisitorSession(
  platform: Platform,
  channel: ChannelRow,
  input: WebchatSessionInput,
): Promise<WebchatSession> {
  const secret = platform.config.jwtSecret;
  const known = await verifyVisitorToken(input.visitorToken, secret);
  const same = known && known.tenantId === channel.tenantId && known.channelId === channel.id ? known : null;
  const visitorId = same?.visitorId ?? randomUUID();
  const visitorToken = await signVisitorToken(
    {
      tenantId: channel.tenantId,
      channelId: channel.id,
      visitorId,
      // A field left out keeps what the visitor said before; an empty one clears it.
      name: input.name ?? same?.name ?? '',
      email: input.email ?? same?.email ?? '',
    },
    secret,
  );
  // A returning visitor who now gives a name or email: its contact (if it wrote before) learns it.
  if (same && (input.name !== undefined || input.email !== undefined)) {
    const patch = {
      ...(input.name?.trim() ? { name: input.name.trim().slice(0, 200) } : {}),
      ...(input.email !== undefined ? { email: input.email.trim().slice(0, 200) } : {}),
    };
    if (Object.keys(patch).length > 0)
      await withTenant(platform.db, channel.tenantId, (scope) =>
        scope.update(contacts, { ...patch, updatedAt: new Date() }, eq(contacts.webchatId, visitorId)),
      );
  }
  return { visitorId, visitorToken, channel: { name: channel.name, greeting: channel.greetingMessage } };
}
