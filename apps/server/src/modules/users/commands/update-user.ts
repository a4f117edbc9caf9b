// SECURITY-CRITICAL: changes a user's profile, queues and password, and ends its other sessions
// when its rights or its password change.
import type { UpdateUser } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { userQueues, users } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { cutSockets } from '../../../platform/realtime/publish.js';
import { hashPassword } from '../../../platform/security/passwords.js';
import { revokeSessions } from '../../../platform/security/sessions.js';
import { assertQueuesExist } from '../../queues/queues.queries.js';
import { emitUserChange } from '../users.events.js';
import { assertMayUpdate, isSupportEmail, sameIds } from '../users.policy.js';
import { getUser, isEmailTaken, queueIdsOf, queuesOfUsers } from '../users.queries.js';
import { assertChannelsOfCompany, channelIdsOf, replaceUserChannels } from '../user-channels.js';
import { assertCallLinesOfCompany, callLineIdsOfUsers, replaceUserCallLines } from '../../calls/call-lines.js';

export async function updateUser(
  scope: TenantScope,
  actor: AuthContext,
  id: number,
  input: UpdateUser,
  supportEmails: string[],
) {
  const target = await getUser(scope, id);
  const [currentQueueIds, currentChannelIds, lines] = await Promise.all([
    queueIdsOf(scope, id),
    channelIdsOf(scope, id),
    callLineIdsOfUsers(scope, [id]),
  ]);
  const currentCallLineIds = lines.get(id) ?? [];
  assertMayUpdate(actor, target, input, currentQueueIds, supportEmails, currentChannelIds, currentCallLineIds);
  const email = input.email !== undefined && input.email !== target.email ? input.email : undefined;
  if (email && (await isEmailTaken(scope, email, id))) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
  if (input.queues) await assertQueuesExist(scope, input.queues);
  if (input.channelIds) await assertChannelsOfCompany(scope, input.channelIds);
  if (input.callLineIds) await assertCallLinesOfCompany(scope, input.callLineIds);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const profileChanged = input.profile !== undefined && input.profile !== target.profile;
  // A support email makes its user an admin (SPEC §6): gaining or losing one changes rights too.
  const supportChanged =
    email !== undefined && isSupportEmail(email, supportEmails) !== isSupportEmail(target.email, supportEmails);
  const queuesChanged = input.queues !== undefined && !sameIds(input.queues, currentQueueIds);
  const channelsChanged = input.channelIds !== undefined && !sameIds(input.channelIds, currentChannelIds);

  try {
    return await scope.transaction(async (tx) => {
      const [row] = await tx.update(
        users,
        {
          name: input.name,
          email,
          profile: input.profile,
          ignoreWallet: input.ignoreWallet,
          blockMultipleLogins: input.blockMultipleLogins,
          callsBlocked: input.callsBlocked,
          passwordHash,
          updatedAt: new Date(),
        },
        eq(users.id, id),
      );
      if (input.queues) {
        await tx.delete(userQueues, eq(userQueues.userId, id));
        await tx.insert(
          userQueues,
          [...new Set(input.queues)].map((queueId) => ({ userId: id, queueId })),
        );
      }
      // The caller's own session keeps working; the user's others end (and their sockets).
      if (profileChanged || supportChanged || passwordHash) {
        const reason = profileChanged ? 'profile_changed' : supportChanged ? 'rights_changed' : 'password_changed';
        await revokeSessions(tx, { userId: id, except: actor.sessionId }, reason);
      }
      if (channelsChanged) await replaceUserChannels(tx, id, input.channelIds!);
      if (input.callLineIds) await replaceUserCallLines(tx, id, input.callLineIds);
      // Sockets joined their queue rooms on connecting, and a user limited to channels stays out
      // of the room of every ticket event: the user's sockets reconnect into the new ones.
      if (queuesChanged || channelsChanged) cutSockets(tx, [{ kind: 'user', userId: id }]);
      const queues = (await queuesOfUsers(tx, [id])).get(id) ?? [];
      const channelIds = channelsChanged ? [...new Set(input.channelIds!)].sort((a, b) => a - b) : currentChannelIds;
      emitUserChange(tx, 'update', row!, queues);
      const callLineIds = (await callLineIdsOfUsers(tx, [id])).get(id) ?? [];
      return { row: row!, queues, channelIds, callLineIds };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
    throw err;
  }
}
