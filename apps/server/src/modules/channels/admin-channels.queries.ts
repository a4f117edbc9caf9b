// SECURITY-CRITICAL: the platform operator's list of every company's channels. It spans tenants by
// nature, so it reads through the unscoped handle; only the route declared `auth: 'operator'` calls
// it, and it selects no secret column (token, config, webhook secret, transcription key, QR code).
import type { AdminChannel } from '@prosa/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { channels, tenants } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';

export function listAllChannels(db: Database): Promise<AdminChannel[]> {
  return unsafeSystemDb(db)
    .select({
      id: channels.id,
      tenantId: channels.tenantId,
      tenantName: tenants.name,
      name: channels.name,
      type: channels.type,
      status: channels.status,
      number: channels.number,
    })
    .from(channels)
    .innerJoin(tenants, eq(tenants.id, channels.tenantId))
    .orderBy(asc(tenants.name), asc(channels.name), asc(channels.id));
}
