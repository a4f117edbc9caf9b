/** Tenant-owned CRM lanes (SPEC §2 /kanban, §6): modules/kanban. A contact's lane: contacts.crm_lane_id. */
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts.js';
import { chatFlows } from './schema-chatbot.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

export const crmLanes = pgTable(
  'crm_lanes',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    /** Order on the board, ascending, among the lanes of one owner (company or user). */
    position: integer('position').notNull().default(0),
    /**
     * null: a company lane, seen by everyone while lanes are not separated per user; set: that
     * user's own lane (separateLanesPerUser). A deleted user's lanes go with it.
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The flow that heads the chatbot's precedence for contacts in this lane (chatbot/decide-flow.ts). */
    flowId: integer('flow_id').references(() => chatFlows.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('crm_lanes_tenant_user_idx').on(t.tenantId, t.userId, t.position)],
);
