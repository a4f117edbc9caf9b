import type { Profile } from '@prosa/contracts';
import type { TenantScope } from '../db/tenant-scope.js';

/**
 * Every route declares who may call it (house rule 4); registering one without `config.auth`
 * throws at start-up.
 * - public: anyone; user: any signed-in user; admin: a company admin (or support email);
 * - supervisor: admin, supervisor or supervisorfila; operator: an admin of tenant 1.
 */
export type AuthLevel = 'public' | 'user' | 'supervisor' | 'admin' | 'operator';

export interface AuthContext {
  userId: number;
  tenantId: number;
  profile: Profile;
  sessionId: string;
  name: string;
  email: string;
  /** Profile admin, or an email the platform treats as support (SPEC §6). */
  isAdmin: boolean;
  /** Admin of the platform operator, tenant 1. */
  isOperator: boolean;
  /**
   * The rules the user works under, read with the session at the start of an HTTP request (one
   * round trip less on every desk request): its queues, its wallet flag and the company's
   * settings. Absent on long-lived contexts (sockets), which read them fresh each time.
   */
  rules?: AccessRules;
}

export interface AccessRules {
  queueIds: number[];
  /** The channels the user is limited to; empty = every channel. */
  channelIds: number[];
  ignoreWallet: boolean;
  /** Every saved setting of the company, key -> value (defaults are the reader's). */
  settings: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** Billing and session routes stay reachable after the company's due date has passed. */
    allowExpired?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext;
    scope: TenantScope;
  }
}
