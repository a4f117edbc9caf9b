import { ZUserConfigs, type LoginResponse, type UserConfigs } from '@prosa/contracts';
import { asc, eq } from 'drizzle-orm';
import { queues, userQueues, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';

export function presentConfigs(raw: Partial<UserConfigs> | null | undefined): UserConfigs {
  const parsed = ZUserConfigs.safeParse(raw ?? {});
  return parsed.success ? parsed.data : ZUserConfigs.parse({});
}

export async function queuesOfUser(scope: TenantScope, userId: number) {
  return scope.query((db, owns) =>
    db
      .select({ id: queues.id, name: queues.name, color: queues.color })
      .from(userQueues)
      .innerJoin(queues, eq(queues.id, userQueues.queueId))
      .where(owns(userQueues, eq(userQueues.userId, userId), eq(queues.tenantId, scope.tenantId)))
      .orderBy(asc(queues.name)),
  );
}

export async function presentLogin(
  scope: TenantScope,
  user: typeof users.$inferSelect,
  token: string,
): Promise<LoginResponse> {
  return {
    token,
    username: user.name,
    profile: user.profile,
    userId: user.id,
    tenantId: user.tenantId,
    queues: await queuesOfUser(scope, user.id),
    email: user.email,
    configs: presentConfigs(user.configs),
  };
}
