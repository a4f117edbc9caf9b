/**
 * The domain's figures for Prometheus (platform/metrics): the outboxes (agents' sends, message
 * actions, channel webhooks), the inbound backlog and channel sessions by status. Counts over
 * every company, never per company; one grouped statement per scrape, on the tables' partial
 * indexes where they have them (messages_outbox_idx, the *_pending indexes).
 */
import type { Platform } from '../platform/platform.js';
import { sqlGauges } from '../platform/metrics/sql-gauges.js';

/** kind, a, b, n: one grouped count per table, in one round trip. */
const TABLES_SQL = `
  select 'outbox' as kind, 'messages' as a,
    case when schedule_date > now() then 'scheduled' when send_attempts > 0 then 'retrying' else 'waiting' end as b,
    count(*)::int as n
  from messages where status = 'pending' and from_me group by 1, 2, 3
  union all
  select 'outbox', 'message_actions', case when attempts > 0 then 'retrying' else 'waiting' end, count(*)::int
  from message_actions where status = 'pending' group by 1, 2, 3
  union all
  select 'outbox', 'channel_webhooks', case when attempts > 0 then 'retrying' else 'waiting' end, count(*)::int
  from channel_webhook_deliveries where status = 'pending' group by 1, 2, 3
  union all
  select 'inbound', 'inbound_events', case when error is null then 'waiting' else 'retrying' end, count(*)::int
  from inbound_events where processed_at is null group by 1, 2, 3
  union all
  select 'channel', type, status, count(*)::int from channels group by 1, 2, 3`;

export function registerDomainGauges(platform: Platform): void {
  sqlGauges(platform.metrics, platform.db, { name: 'prosa_metrics_tables', sql: TABLES_SQL }, [
    {
      name: 'prosa_outbox',
      help: 'Outgoing work not yet done, by outbox (messages, message_actions, channel_webhooks) and state (waiting, retrying, scheduled).',
      labelNames: ['outbox', 'state'],
      samples: (rows) => rows.filter((r) => r.kind === 'outbox').map((r) => [{ outbox: String(r.a), state: String(r.b) }, Number(r.n)]),
    },
    {
      name: 'prosa_inbound_backlog',
      help: 'Provider webhook payloads stored and not yet processed, by state (waiting, retrying after an error).',
      labelNames: ['state'],
      samples: (rows) =>
        ['waiting', 'retrying'].map((state) => [{ state }, Number(rows.find((r) => r.kind === 'inbound' && r.b === state)?.n ?? 0)]),
    },
    {
      name: 'prosa_channel_sessions',
      help: 'Channels by type and session status (CONNECTED, DISCONNECTED, qrcode, ...), over every company.',
      labelNames: ['type', 'status'],
      samples: (rows) => rows.filter((r) => r.kind === 'channel').map((r) => [{ type: String(r.a), status: String(r.b) }, Number(r.n)]),
    },
  ]);
}
