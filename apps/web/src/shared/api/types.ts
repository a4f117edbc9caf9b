import type {
  Profile,
  TenantStatus,
  UserConfigs,
  ZBusinessHoursResponse,
  ZTenantDateResponse,
  ZTenantPlanResponse,
} from '@prosa/contracts';
import type { z } from 'zod';
import type { QueueRef } from '../auth/session';

export type { PlatformPublic, PlatformSettings, UsersTotal } from '@prosa/contracts';

/** GET /auth/me; the contracts package has no schema for it yet (the server declares it inline). */
export interface Me {
  userId: number;
  username: string;
  email: string;
  profile: Profile;
  tenantId: number;
  queues: QueueRef[];
  configs: UserConfigs;
  isAdmin: boolean;
  isOperator: boolean;
  tenant: { id: number; name: string; status: TenantStatus | string; dueDate: string | null };
}

export type BusinessHoursResponse = z.infer<typeof ZBusinessHoursResponse>;
export type TenantPlanResponse = z.infer<typeof ZTenantPlanResponse>;
export type TenantDateResponse = z.infer<typeof ZTenantDateResponse>;
