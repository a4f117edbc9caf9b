/**
 * The platform operator's dashboard (issue 16, SaaS operation): companies by state, monthly
 * recurring revenue, this month's invoices, and sign-ups by day.
 */
import { z } from 'zod';

export const ZSaasDashboardQuery = z.object({
  /** Sign-ups of the last this many days (today included). */
  days: z.coerce.number().int().min(7).max(90).default(30),
});

export const ZSaasDashboard = z.object({
  companies: z.object({
    active: z.number(),
    inactive: z.number(),
    /** Active, signed up on /signup, no invoice paid yet. */
    trial: z.number(),
    /** Active and blocked by the expired-plan rule now (grace days and the company's calendar). */
    overdue: z.number(),
  }),
  /** Monthly recurring revenue: the monthly value of the plans of active companies out of trial. */
  mrr: z.number(),
  /** Invoices paid this month (by when they were paid), and unpaid ones due this month. */
  invoices: z.object({
    paidCount: z.number(),
    paidValue: z.number(),
    openCount: z.number(),
    openValue: z.number(),
  }),
  signups: z.array(z.object({ day: z.string(), count: z.number() })),
});
export type SaasDashboard = z.infer<typeof ZSaasDashboard>;
