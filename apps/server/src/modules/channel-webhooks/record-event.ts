/**
 * Records the events of channels with an outbound webhook: one row in channel_webhook_deliveries
 * per event (one INSERT), then a job delivers it. Called after commit, in the background, so the
 * inbound path does not wait for it. Which channels of a tenant have a webhook is cached for
 * HOOKS_TTL_MS (like the message audience in messages.events.ts): a tenant without webhooks pays
 * one small query per that time, not per event; a new or removed URL takes effect within it.
 */
import type { ChannelWebhookEvent, Message } from '@prosa/contracts';
import { ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { channels, channelWebhookDeliveries, contacts } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { jobsOf } from '../../platform/jobs/enqueue.js';
import { runInBackground } from '../../platform/lifecycle/background.js';
import type { TicketBase, TicketRow } from '../tickets/tickets.presenter.js';
import { deliverWebhookJob } from './jobs/deliver-webhook.job.js';

export const HOOKS_TTL_MS = 5_000;

export interface Hook {
  id: number;
  name: string;
  type: string;
}
type Hooks = { at: number; byChannel: Map<number, Hook> };
const cache = new WeakMap<Database, Map<number, Promise<Hooks>>>();

async function loadHooks(db: Database, tenantId: number): Promise<Hooks> {
  const rows = await withTenant(db, tenantId, (s) =>
    s.query((q, owns) =>
      q
        .select({ id: channels.id, name: channels.name, type: channels.type })
        .from(channels)
        .where(owns(channels, ne(channels.webhookUrl, ''))),
    ),
  );
  return { at: Date.now(), byChannel: new Map(rows.map((r) => [r.id, r])) };
}

/** The tenant's channels that have a webhook URL (cached briefly). */
export function hooksOf(db: Database, tenantId: number): Promise<Hooks> {
  let byTenant = cache.get(db);
  if (!byTenant) cache.set(db, (byTenant = new Map()));
  const hit = byTenant.get(tenantId);
  const next = (async () => {
    const current = hit ? await hit.catch(() => null) : null;
    return current && Date.now() - current.at < HOOKS_TTL_MS ? current : loadHooks(db, tenantId);
  })();
  byTenant.set(tenantId, next);
  next.catch(() => byTenant.delete(tenantId));
  return next;
}

/** Forget the cached hooks of a tenant (its channel settings just changed on this instance). */
export function forgetHooks(db: Database, tenantId: number): void {
  cache.get(db)?.delete(tenantId);
}

type TicketView = Pick<TicketRow, 'id' | 'status' | 'protocol' | 'contactId'>;

export interface DeliveryInput {
  event: ChannelWebhookEvent;
  ticket?: TicketView | null;
  /** The contact as known; else read in the same INSERT from the ticket's contact id. */
  contact?: { id: number; name: string; number: string } | null;
  message?: Message | null;
  /** Ticket events: the status reported; `dedupe` skips it when it is the last one reported. */
  ticketStatus?: string;
  dedupe?: boolean;
  /** False: the caller attempts it itself (the admin's test ping); retries are queued as usual. */
  queue?: boolean;
}

/** One INSERT of a delivery row; answers its id, or null when a dedupe found nothing new. */
export async function recordDelivery(scope: TenantScope, hook: Hook, input: DeliveryInput): Promise<number | null> {
  const t = scope.tenantId;
  const d = channelWebhookDeliveries;
  const { ticket } = input;
  const payload = {
    event: input.event,
    tenantId: t,
    channel: { id: hook.id, name: hook.name, type: hook.type },
    ticket: ticket ? { id: ticket.id, status: ticket.status, protocol: ticket.protocol } : null,
    contact: input.contact ?? null,
    message: input.message ?? null,
    at: new Date().toISOString(),
  };
  const contactSql =
    input.contact === undefined && ticket
      ? sql`|| jsonb_build_object('contact', (select jsonb_build_object('id', c.id, 'name', c.name, 'number', c.number) from ${contacts} c where c.tenant_id = ${t} and c.id = ${ticket.contactId}))`
      : sql``;
  const status = input.ticketStatus ?? null;
  const ticketId = ticket?.id ?? null;
  // The same status is not reported twice in a row (ticket updates that are not status changes).
  const unlessSame =
    input.dedupe && ticketId && status
      ? sql`where not exists (select 1 from (select l.ticket_status from ${d} l where l.tenant_id = ${t} and l.ticket_id = ${ticketId}
          and l.ticket_status is not null order by l.id desc limit 1) last where last.ticket_status = ${status})`
      : sql``;
  const result = await scope.query((db) =>
    db.execute(sql`
      insert into ${d} (tenant_id, channel_id, event, payload, ticket_id, ticket_status)
      select ${t}, ${hook.id}, ${input.event}, ${JSON.stringify(payload)}::jsonb ${contactSql}, ${ticketId}, ${status}
      ${unlessSame}
      returning id`),
  );
  const id = (result as unknown as { rows: { id: number | string }[] }).rows[0]?.id;
  if (id === undefined) return null;
  if (input.queue === false) return Number(id);
  // A lost send is repaired by the sweeper (the row is pending).
  await jobsOf(scope.database)
    .send(deliverWebhookJob, { tenantId: t, deliveryId: Number(id) }, { singletonKey: `webhook:${id}:0` })
    .catch((err: unknown) => console.error('webhook job not queued', err));
  return Number(id);
}

/**
 * A hook of an API configuration (hookMessage, hookMessageStatus): a delivery row of the
 * configuration's channel with `api_config_id` set, posted to the configuration's status URL,
 * signed with its hook secret, and retried like every channel webhook delivery.
 */
export async function recordApiHook(
  scope: TenantScope,
  hook: { channelId: number; apiConfigId: number; event: string; payload: Record<string, unknown> },
): Promise<number> {
  const row = await scope.insert(channelWebhookDeliveries, {
    channelId: hook.channelId,
    apiConfigId: hook.apiConfigId,
    event: hook.event,
    payload: hook.payload,
  });
  await jobsOf(scope.database)
    .send(deliverWebhookJob, { tenantId: scope.tenantId, deliveryId: row.id }, { singletonKey: `webhook:${row.id}:0` })
    .catch((err: unknown) => console.error('webhook job not queued', err));
  return row.id;
}

const logFailure = (err: unknown) => console.error('channel webhook event not recorded', err);

function inBackground(
  scope: TenantScope,
  channelId: number | null,
  work: (s: TenantScope, hook: Hook) => Promise<unknown>,
) {
  if (!channelId) return;
  const db = scope.database;
  const tenantId = scope.tenantId;
  runInBackground(db, async () => {
    try {
      const hook = (await hooksOf(db, tenantId)).byChannel.get(channelId);
      if (hook) await withTenant(db, tenantId, (s) => work(s, hook));
    } catch (err) {
      logFailure(err);
    }
  });
}

const MESSAGE_EVENTS = { create: 'message.created', update: 'message.updated', delete: 'message.deleted' } as const;

/** A message event of a committed change (call it where the `message` event is published). */
export function queueMessageWebhook(
  scope: TenantScope,
  ticket: TicketRow,
  action: keyof typeof MESSAGE_EVENTS,
  message: Message,
) {
  inBackground(scope, ticket.channelId, (s, hook) =>
    recordDelivery(s, hook, { event: MESSAGE_EVENTS[action], ticket, message }),
  );
}

/**
 * A ticket event of a committed change: created, deleted, or an update that changed its status
 * (an update reporting the status last reported is dropped in the INSERT itself).
 */
export function queueTicketWebhook(scope: TenantScope, base: TicketBase, action: 'create' | 'update' | 'delete') {
  const { row, contact } = base;
  const event =
    action === 'create' ? 'ticket.created' : action === 'delete' ? 'ticket.deleted' : 'ticket.status_changed';
  inBackground(scope, row.channelId, (s, hook) =>
    recordDelivery(s, hook, {
      event,
      ticket: row,
      contact: { id: contact.id, name: contact.name, number: contact.number },
      ticketStatus: action === 'delete' ? 'deleted' : row.status,
      dedupe: action === 'update',
    }),
  );
}
