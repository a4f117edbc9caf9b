import { sql } from 'drizzle-orm';
import { tickets } from '../../platform/db/schema.js';

/**
 * The ticket's first response, set once, in the same statement that records an agent's message
 * (fromMe with a user; the bot's and the automatic texts have none): `now()` is the transaction's
 * time, the message's `created_at`, and `first_response_user_id` the agent who wrote it. A null
 * user (bot, API, automatic text) leaves both as they were. The dashboard and the service reports
 * read them (modules/dashboard, modules/reports); migrations 0030 and 0031 filled them in from the
 * messages.
 */
export function firstResponsePatch(userId: number | null | undefined): {
  firstResponseAt?: Date;
  firstResponseUserId?: number;
} {
  if (!userId) return {};
  return {
    firstResponseAt: sql`coalesce(${tickets.firstResponseAt}, now())` as unknown as Date,
    // The statement's old row: the user is set only by the update that sets the time.
    firstResponseUserId:
      sql`case when ${tickets.firstResponseAt} is null then ${userId}::integer else ${tickets.firstResponseUserId} end` as unknown as number,
  };
}
