CREATE TABLE "dashboard_ticket_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"xid" bigint NOT NULL,
	"instants" timestamp with time zone[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_ticket_changes_tenant_xid_idx" ON "dashboard_ticket_changes" USING btree ("tenant_id","xid");--> statement-breakpoint
CREATE INDEX "dashboard_ticket_changes_created_idx" ON "dashboard_ticket_changes" USING btree ("created_at");--> statement-breakpoint
-- The instants a change touched, for the dashboard's cache of past days (dashboard.day-cache.ts):
-- a ticket's creation and close, before and after, and its contact's creation (the day that
-- counts the contact as new); a contact's creation when it is deleted or its creation moves.
-- One row per company per statement that adds or deletes tickets or contacts, one per updated
-- ticket whose dashboard columns changed.
-- Added and deleted tickets alike: each trigger names its transition table dashboard_rows.
CREATE OR REPLACE FUNCTION dashboard_tickets_added_or_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_ticket_changes (tenant_id, xid, instants)
  SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(DISTINCT i)
  FROM (SELECT tenant_id, created_at AS i FROM dashboard_rows
        UNION ALL SELECT tenant_id, closed_at FROM dashboard_rows WHERE closed_at IS NOT NULL
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
    array_remove(ARRAY[OLD.created_at, OLD.closed_at, NEW.created_at, NEW.closed_at,
      (SELECT created_at FROM contacts WHERE id = OLD.contact_id),
      (SELECT created_at FROM contacts WHERE id = NEW.contact_id)], NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_contacts_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_ticket_changes (tenant_id, xid, instants)
  SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(DISTINCT created_at)
  FROM dashboard_old GROUP BY tenant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_contact_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_ticket_changes (tenant_id, xid, instants)
  VALUES (NEW.tenant_id, pg_current_xact_id()::text::bigint, ARRAY[OLD.created_at, NEW.created_at]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_dashboard_added AFTER INSERT ON tickets REFERENCING NEW TABLE AS dashboard_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_tickets_added_or_deleted();
--> statement-breakpoint
CREATE TRIGGER tickets_dashboard_deleted AFTER DELETE ON tickets REFERENCING OLD TABLE AS dashboard_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_tickets_added_or_deleted();
--> statement-breakpoint
CREATE TRIGGER tickets_dashboard_changed
  AFTER UPDATE OF created_at, status, closed_at, first_response_at, rating, channel_id, queue_id, user_id, is_private, is_group, contact_id
  ON tickets FOR EACH ROW
  WHEN ((OLD.created_at, OLD.status, OLD.closed_at, OLD.first_response_at, OLD.rating, OLD.channel_id, OLD.queue_id,
         OLD.user_id, OLD.is_private, OLD.is_group, OLD.contact_id)
    IS DISTINCT FROM (NEW.created_at, NEW.status, NEW.closed_at, NEW.first_response_at, NEW.rating, NEW.channel_id,
         NEW.queue_id, NEW.user_id, NEW.is_private, NEW.is_group, NEW.contact_id))
  EXECUTE FUNCTION dashboard_ticket_changed();
--> statement-breakpoint
CREATE TRIGGER contacts_dashboard_deleted AFTER DELETE ON contacts REFERENCING OLD TABLE AS dashboard_old
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_contacts_deleted();
--> statement-breakpoint
CREATE TRIGGER contacts_dashboard_moved AFTER UPDATE OF created_at ON contacts FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION dashboard_contact_moved();
