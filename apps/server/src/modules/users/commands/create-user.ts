import type { CreateUser } from '@prosa/contracts';
import { users, userQueues } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { hashPassword } from '../../../platform/security/passwords.js';
import { assertQueuesExist } from '../../queues/queues.queries.js';
import { getSetting } from '../../settings/settings.queries.js';
import { requireRoomFor } from '../../tenants/plan-features.js';
import { emitUserChange } from '../users.events.js';
import { isEmailTaken, queuesOfUsers } from '../users.queries.js';
import { assertChannelsOfCompany, replaceUserChannels } from '../user-channels.js';
import { assertCallLinesOfCompany, replaceUserCallLines } from '../../calls/call-lines.js';

/**
 * An admin adds a user to its company, within the plan's user limit (SPEC §8 "user limit
 * reached") and unless the company's `userCreation` setting is disabled.
 */
export async function createUser(scope: TenantScope, input: CreateUser) {
  if ((await getSetting(scope, 'userCreation')) === 'disabled') throw new AppError('ERR_USER_CREATION_DISABLED');
  if (await isEmailTaken(scope, input.email)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
  await assertQueuesExist(scope, input.queues);
  await assertChannelsOfCompany(scope, input.channelIds);
  await assertCallLinesOfCompany(scope, input.callLineIds);
  const passwordHash = await hashPassword(input.password);
  try {
    return await scope.transaction(async (tx) => {
      await requireRoomFor(tx, 'users');
      const row = await tx.insert(users, {
        name: input.name,
        email: input.email,
        passwordHash,
        profile: input.profile,
        ignoreWallet: input.ignoreWallet,
        blockMultipleLogins: input.blockMultipleLogins,
        callsBlocked: input.callsBlocked,
      });
      const queueIds = [...new Set(input.queues)];
      await tx.insert(
        userQueues,
        queueIds.map((queueId) => ({ userId: row.id, queueId })),
      );
      const channelIds = [...new Set(input.channelIds)].sort((a, b) => a - b);
      await replaceUserChannels(tx, row.id, channelIds);
      const callLineIds = [...new Set(input.callLineIds)].sort((a, b) => a - b);
      await replaceUserCallLines(tx, row.id, callLineIds);
      const queues = (await queuesOfUsers(tx, [row.id])).get(row.id) ?? [];
      emitUserChange(tx, 'create', row, queues);
      return { row, queues, channelIds, callLineIds };
    });
  } catch (err) {
    // The same email taken between the check above and the insert: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
    throw err;
  }
}
