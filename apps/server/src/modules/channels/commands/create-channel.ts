import { V, type ChannelInput } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { ChannelRow } from '../channel-adapter.js';
import { channels } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { requireRoomFor } from '../../tenants/plan-features.js';
import { isProxyRefused } from '../../../platform/security/proxy.js';
import { channelColumns } from '../channel-secrets.js';
import { emitChannelChange } from '../channels.events.js';
import { assertChannelRefs, isChannelNameTaken } from '../channels.queries.js';
import { channelWriteError } from './channel-write-errors.js';

/**
 * An admin adds a channel, within the plan's connection limit (SPEC §8 "connection limit
 * reached"). Web chat needs no provider connection, so it starts CONNECTED; the others start
 * DISCONNECTED until connected from /sessoes. The company's first channel becomes its default.
 */
export async function createChannel(scope: TenantScope, input: ChannelInput, base: string): Promise<ChannelRow> {
  await assertChannelRefs(scope, input);
  // A proxy on an internal address would let a company admin reach it (issue 9, M3).
  if (isProxyRefused(input.proxy)) throw new AppError('ERR_PROXY_PRIVATE_ADDRESS', { proxy: V.invalidValue });
  if (await isChannelNameTaken(scope, input.name)) throw new AppError('ERR_CHANNEL_NAME_EXISTS');
  const columns = channelColumns(input);
  try {
    return await scope.transaction(async (tx) => {
      const count = await requireRoomFor(tx, 'connections');
      const isDefault = columns.isDefault || count === 0;
      if (isDefault) await tx.update(channels, { isDefault: false }, eq(channels.isDefault, true));
      const row = await tx.insert(channels, {
        ...columns,
        isDefault,
        status: input.type === 'webchat' ? 'CONNECTED' : 'DISCONNECTED',
      });
      emitChannelChange(tx, 'create', row, base);
      return row;
    });
  } catch (err) {
    throw channelWriteError(err);
  }
}
