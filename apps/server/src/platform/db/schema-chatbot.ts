/** Tenant-owned chatbot tables: flows and the keywords that start them (SPEC §3, DOMAIN.md "Chatbot flows"). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FlowGraph } from '@prosa/contracts';
import { users } from './schema-accounts.js';
import { channels } from './schema-desk.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

export const chatFlows = pgTable(
  'chat_flows',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    availableForTransfer: boolean('available_for_transfer').notNull().default(false),
    availableInCrm: boolean('available_in_crm').notNull().default(false),
    /** While a flow is being built it answers only this phone (digits); '' for everyone. */
    testNumber: text('test_number').notNull().default(''),
    /** The graph in the export shape (nodeList, lineList), validated on every write. */
    flow: jsonb('flow').$type<FlowGraph>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chat_flows_tenant_name_idx').on(t.tenantId, t.name)],
);

/** A keyword that starts a flow on a customer's first message (null channel: every channel). */
export const chatFlowKeywords = pgTable(
  'chat_flow_keywords',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    keyword: text('keyword').notNull(),
    chatFlowId: integer('chat_flow_id')
      .notNull()
      .references(() => chatFlows.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One mapping per (keyword, channel); lower() so "Oi" and "oi" are one keyword.
    uniqueIndex('chat_flow_keywords_key').on(t.tenantId, sql`lower(${t.keyword})`, sql`coalesce(${t.channelId}, 0)`),
    index('chat_flow_keywords_flow_idx').on(t.tenantId, t.chatFlowId),
  ],
);
