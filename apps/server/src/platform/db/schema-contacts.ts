/** Tenant-owned contact tables: the contacts, their tags and their wallets (the agents they belong to). */
import { DDDS_BY_STATE } from '@prosa/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tags, users } from './schema-accounts.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';
import { folded } from './search-fold.js';

/**
 * The state (UF) of a Brazilian number by its DDD, as stateOfNumber (contracts) reads it: 55, the
 * DDD and 8 or 9 digits; null for any other number. Literals of the code's table, never input.
 */
const stateOfNumberSql = sql.raw(
  `case case when "number" ~ '^55[0-9]{10,11}$' then substring("number" from 3 for 2) else '' end ${Object.entries(
    DDDS_BY_STATE,
  )
    .flatMap(([uf, ddds]) => ddds.map((d) => `when '${d}' then '${uf}'`))
    .join(' ')} end`,
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    /**
     * The name as searched: lower case, accents removed (SEARCH_FOLD), so "joao" finds "João" and
     * LIKE (cheaper than ILIKE) serves the search; kept by PostgreSQL itself.
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs((): SQL => folded(sql`${contacts.name}`)),
    /** Digits only: country + area code + number; empty for a web chat visitor without phone. */
    number: text('number').notNull().default(''),
    email: text('email').notNull().default(''),
    profilePicUrl: text('profile_pic_url').notNull().default(''),
    isGroup: boolean('is_group').notNull().default(false),
    /** WhatsApp's LID, so a contact known by phone and by LID is one contact (channels issue). */
    lid: text('lid'),
    /** Web chat visitor id (the widget's anonymous id). */
    webchatId: text('webchat_id'),
    /**
     * The sender's id at a provider without phone numbers (Telegram chat id, Messenger PSID,
     * Instagram IGSID), as `{channelId}:{id}`: those ids are scoped to one bot, page or account.
     */
    externalKey: text('external_key'),
    extraInfo: jsonb('extra_info')
      .$type<{ name: string; value: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    dealValue: numeric('deal_value', { precision: 14, scale: 2, mode: 'number' }),
    description: text('description').notNull().default(''),
    crmLaneId: integer('crm_lane_id'),
    /**
     * The number's state, kept by PostgreSQL (migration 0044): the states report groups and
     * orders a year of contacts by it instead of computing it per row.
     */
    state: text('state').generatedAlwaysAs(stateOfNumberSql),
    disableBot: boolean('disable_bot').notNull().default(false),
    disableCampaign: boolean('disable_campaign').notNull().default(false),
    disableCrm: boolean('disable_crm').notNull().default(false),
    ignoreContact: boolean('ignore_contact').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contacts_tenant_name_idx').on(t.tenantId, t.name),
    uniqueIndex('contacts_tenant_number_key')
      .on(t.tenantId, t.number)
      .where(sql`${t.number} <> ''`),
    uniqueIndex('contacts_tenant_lid_key')
      .on(t.tenantId, t.lid)
      .where(sql`${t.lid} is not null`),
    uniqueIndex('contacts_tenant_external_key')
      .on(t.tenantId, t.externalKey)
      .where(sql`${t.externalKey} is not null`),
    uniqueIndex('contacts_tenant_webchat_key')
      .on(t.tenantId, t.webchatId)
      .where(sql`${t.webchatId} is not null`),
    index('contacts_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    // Word prefixes of one or two letters, which trigrams cannot serve.
    index('contacts_search_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.searchName})`),
    // The ranked search: a name prefix is a range of this index, read in order up to the page.
    index('contacts_tenant_search_name_c_idx').on(t.tenantId, sql`${t.searchName} collate "C"`, t.id),
    index('contacts_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    // The contact reports' creation period (modules/reports).
    index('contacts_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The CRM board (modules/kanban): a lane's contacts.
    index('contacts_tenant_crm_lane_idx')
      .on(t.tenantId, t.crmLaneId)
      .where(sql`${t.crmLaneId} is not null`),
  ],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    tenantId: tenantId(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.tagId] }),
    index('contact_tags_tenant_tag_idx').on(t.tenantId, t.tagId),
  ],
);

/** A contact's wallet: the agents who own it (DirectTicketsToWallets, own-wallet view). */
export const contactWallets = pgTable(
  'contact_wallets',
  {
    tenantId: tenantId(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.userId] }),
    index('contact_wallets_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);

export { CHANNEL_TYPES, type ChannelType } from '@prosa/contracts';

/** A connection to a messaging provider (SPEC §3 Channel). Provider-specific settings in `config`. */
