import { V, type ChannelInput } from '@prosa/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { ChannelRow } from '../channel-adapter.js';
import { channels } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { isProxyRefused } from '../../../platform/security/proxy.js';
import { channelColumns } from '../channel-secrets.js';
import { emitChannelChange } from '../channels.events.js';
import { assertChannelRefs, getChannel, isChannelNameTaken } from '../channels.queries.js';
import { channelWriteError } from './channel-write-errors.js';

/**
 * Changes a channel's settings. Its type is fixed once created (tickets and contacts hang off the
 * provider identity); empty or masked secrets keep the stored ones. Answers the row before and after.
 */
export async function updateChannel(
  scope: TenantScope,
  id: number,
  input: ChannelInput,
  base: string,
): Promise<{ before: ChannelRow; after: ChannelRow }> {
  await getChannel(scope, id);
  await assertChannelRefs(scope, input);
  // A proxy on an internal address would let a company admin reach it (issue 9, M3).
  if (isProxyRefused(input.proxy)) throw new AppError('ERR_PROXY_PRIVATE_ADDRESS', { proxy: V.invalidValue });
  if (await isChannelNameTaken(scope, input.name, id)) throw new AppError('ERR_CHANNEL_NAME_EXISTS');
  try {
    return await scope.transaction(async (tx) => {
      const before = await getChannel(tx, id, { forUpdate: true });
      if (before.type !== input.type) throw new AppError('ERR_VALIDATION', { type: V.invalidValue });
      const columns = channelColumns(input, before);
      if (columns.isDefault) await tx.update(channels, { isDefault: false }, and(eq(channels.isDefault, true), ne(channels.id, id))!);
      const [after] = await tx.update(channels, { ...columns, updatedAt: new Date() }, eq(channels.id, id));
      emitChannelChange(tx, 'update', after!, base);
      return { before, after: after! };
    });
  } catch (err) {
    throw channelWriteError(err);
  }
}
