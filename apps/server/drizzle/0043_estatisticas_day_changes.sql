-- The instants a change touched, for the cache of finished days (finished-days.ts) as
-- estatisticas-atendimentos-usuarios reads it too (README "Reports"): besides a ticket's creation
-- and close (migration 0042), its rating's instant, and the instants of its log's work rows (taken,
-- closed, transferred: the days the report counts its work on) when the ticket changes; and the
-- instants of log rows added, deleted or changed (a deleted user's rows lose their user).
CREATE OR REPLACE FUNCTION dashboard_tickets_added_or_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_ticket_changes (tenant_id, xid, instants)
  SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(DISTINCT i)
  FROM (SELECT tenant_id, created_at AS i FROM dashboard_rows
        UNION ALL SELECT tenant_id, closed_at FROM dashboard_rows WHERE closed_at IS NOT NULL
        UNION ALL SELECT tenant_id, rated_at FROM dashboard_rows WHERE rated_at IS NOT NULL
        UNION ALL SELECT r.tenant_id, c.created_at FROM dashboard_rows r JOIN contacts c ON c.id = r.contact_id) x
  GROUP BY tenant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_ticket_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_ticket_changes (tenant_id, xid, instants)
  VALUES (NEW.tenant_id, pg_current_xact_id()::text::bigint,
    array_remove(ARRAY[OLD.created_at, OLD.closed_at, OLD.rated_at, NEW.created_at, NEW.closed_at, NEW.rated_at,
      (SELECT created_at FROM contacts WHERE id = OLD.contact_id),
      (SELECT created_at FROM contacts WHERE id = NEW.contact_id)], NULL)
    || ARRAY(SELECT l.created_at FROM ticket_logs l WHERE l.tenant_id = NEW.tenant_id AND l.ticket_id = NEW.id
      AND l.type IN ('create', 'open', 'receivedTransfer', 'userDefine', 'retriesLimitUserDefine', 'reopen', 'closed',
        'autoClose', 'transfered')));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER tickets_dashboard_changed ON tickets;
--> statement-breakpoint
CREATE TRIGGER tickets_dashboard_changed
  AFTER UPDATE OF created_at, status, closed_at, first_response_at, first_response_user_id, rating, rated_at,
    channel_id, queue_id, user_id, is_private, is_group, contact_id
  ON tickets FOR EACH ROW
  WHEN ((OLD.created_at, OLD.status, OLD.closed_at, OLD.first_response_at, OLD.first_response_user_id, OLD.rating,
         OLD.rated_at, OLD.channel_id, OLD.queue_id, OLD.user_id, OLD.is_private, OLD.is_group, OLD.contact_id)
    IS DISTINCT FROM (NEW.created_at, NEW.status, NEW.closed_at, NEW.first_response_at, NEW.first_response_user_id,
         NEW.rating, NEW.rated_at, NEW.channel_id, NEW.queue_id, NEW.user_id, NEW.is_private, NEW.is_group,
         NEW.contact_id))
  EXECUTE FUNCTION dashboard_ticket_changed();
--> statement-breakpoint
-- Log rows added or deleted (a ticket's deletion deletes its log), of the kinds the report reads,
-- with every such row of their tickets: a row added on another day than the ticket's other work
-- makes that work span days, which changes how each of those days counts it (estatisticas.days.ts
-- keeps work of a single day without its ticket). Each trigger names its transition table
-- dashboard_logs.
CREATE OR REPLACE FUNCTION dashboard_logs_added_or_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_ticket_changes (tenant_id, xid, instants)
  SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(DISTINCT i)
  FROM (SELECT tenant_id, created_at AS i FROM dashboard_logs
          WHERE type IN ('create', 'open', 'receivedTransfer', 'userDefine', 'retriesLimitUserDefine', 'reopen',
            'closed', 'autoClose', 'transfered')
        UNION ALL
        SELECT l.tenant_id, l.created_at FROM ticket_logs l
          WHERE (l.tenant_id, l.ticket_id) IN (SELECT tenant_id, ticket_id FROM dashboard_logs
              WHERE type IN ('create', 'open', 'receivedTransfer', 'userDefine', 'retriesLimitUserDefine', 'reopen',
                'closed', 'autoClose', 'transfered'))
            AND l.type IN ('create', 'open', 'receivedTransfer', 'userDefine', 'retriesLimitUserDefine', 'reopen',
              'closed', 'autoClose', 'transfered')) x
  GROUP BY tenant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_log_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_ticket_changes (tenant_id, xid, instants)
  VALUES (NEW.tenant_id, pg_current_xact_id()::text::bigint, ARRAY[OLD.created_at, NEW.created_at]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_logs_dashboard_added AFTER INSERT ON ticket_logs REFERENCING NEW TABLE AS dashboard_logs
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_logs_added_or_deleted();
--> statement-breakpoint
CREATE TRIGGER ticket_logs_dashboard_deleted AFTER DELETE ON ticket_logs REFERENCING OLD TABLE AS dashboard_logs
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_logs_added_or_deleted();
--> statement-breakpoint
CREATE TRIGGER ticket_logs_dashboard_changed AFTER UPDATE OF created_at, type, user_id, ticket_id, payload ON ticket_logs
  FOR EACH ROW
  WHEN ((OLD.created_at, OLD.type, OLD.user_id, OLD.ticket_id, OLD.payload::text)
    IS DISTINCT FROM (NEW.created_at, NEW.type, NEW.user_id, NEW.ticket_id, NEW.payload::text))
  EXECUTE FUNCTION dashboard_log_changed();
