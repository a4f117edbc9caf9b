/** Tenant-owned campaigns (SPEC §3 Campaign, §4 statuses and delivery states): modules/campaigns. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CAMPAIGN_CONTACT_STATUSES, CAMPAIGN_STATUSES, type TemplateParameterSource } from '@prosa/contracts';
import { contacts } from './schema-contacts.js';
import { channels } from './schema-desk.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    /** Null while a draft: the start is demanded when it is scheduled. */
    startAt: timestamp('start_at', { withTimezone: true }),
    /** The send-by channel; a deleted channel leaves the campaign without one (its sends fail). */
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    delaySeconds: integer('delay_seconds').notNull().default(20),
    message1: text('message1').notNull().default(''),
    message2: text('message2').notNull().default(''),
    message3: text('message3').notNull().default(''),
    mediaKey: text('media_key'),
    mediaName: text('media_name'),
    mimeType: text('mime_type'),
    /**
     * A template campaign (WhatsApp Cloud API): the approved template of its channel. No foreign
     * key on purpose: a template Meta no longer lists is removed by the sync, and the campaign must
     * stay a template campaign whose sends then fail with ERR_NO_TEMPLATE_FOUND (never go as an
     * empty text).
     */
    templateId: integer('template_id'),
    /** Where each variable's value comes from, in the order template-render.ts takes them. */
    templateParameters: jsonb('template_parameters')
      .$type<TemplateParameterSource[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A media header's URL; null: the campaign's file goes as the header. */
    templateHeaderUrl: text('template_header_url'),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('pending'),
    /**
     * When the next contact may be sent to: the delay between sends is stored, not slept in memory,
     * so it holds across restarts and between instances.
     */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When admins were told of the spam/ban risk (once per campaign). */
    riskNotifiedAt: timestamp('risk_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The sweeper: scheduled ones whose start came, and processing ones whose next send came.
    index('campaigns_due_idx')
      .on(t.status, t.nextSendAt)
      .where(sql`${t.status} in ('scheduled', 'processing')`),
  ],
);

export const campaignContacts = pgTable(
  'campaign_contacts',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The number when linked: the list shows it even if the contact changes it later. */
    number: text('number').notNull().default(''),
    status: text('status', { enum: CAMPAIGN_CONTACT_STATUSES }).notNull().default('send-pending'),
    /** 1-3: which message went, chosen at random among the non-empty ones and recorded. */
    variant: integer('variant'),
    body: text('body'),
    /** The channel it went through and the provider's id of the message: the receipts' key. */
    channelId: integer('channel_id'),
    providerMessageId: text('provider_message_id'),
    errorReason: text('error_reason'),
    /**
     * The claim: set and committed before the provider is called. A row claimed but never
     * confirmed (a crash mid-send) is not sent again (at most once; see send-next-contact.ts).
     */
    claimToken: text('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * When the recipient blocked the company or stopped its marketing messages after this send
     * (where the provider says so: Telegram's my_chat_member, the Cloud API's user_preferences).
     * Counts towards the SPEC §9 ban-risk share like a failure.
     */
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaign_contacts_campaign_contact_key').on(t.campaignId, t.contactId),
    // The paged list by state, and the next row to send (send-pending, oldest id first).
    index('campaign_contacts_tenant_campaign_status_idx').on(t.tenantId, t.campaignId, t.status, t.id),
    // The claims in flight (few): each step looks for ones past their lease (send-next-contact.ts)
    // without walking the campaign's other pending rows.
    index('campaign_contacts_in_flight_idx')
      .on(t.campaignId, t.claimedAt)
      .where(sql`${t.status} = 'send-pending' and ${t.claimToken} is not null`),
    // An opt-out finds the contact's latest campaign send (campaign-receipts.ts).
    index('campaign_contacts_contact_sent_idx').on(t.contactId, t.sentAt),
    // Receipts: the provider's id is unique per channel.
    uniqueIndex('campaign_contacts_provider_key')
      .on(t.channelId, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
  ],
);
