CREATE TABLE "dashboard_message_days" (
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"day" date NOT NULL,
	"channel_id" integer,
	"queue_id" integer,
	"user_id" integer,
	"is_private" boolean NOT NULL,
	"is_group" boolean NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_message_days_ticket_id_day_pk" PRIMARY KEY("ticket_id","day")
);
--> statement-breakpoint
ALTER TABLE "dashboard_message_days" ADD CONSTRAINT "dashboard_message_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_message_days" ADD CONSTRAINT "dashboard_message_days_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_message_days_tenant_day_idx" ON "dashboard_message_days" USING btree ("tenant_id","day");--> statement-breakpoint
-- The dashboard's messages in and out per ticket and local day (README "Dashboard"), kept exact by
-- the triggers below in the transaction of the write. Each row carries its ticket's columns that
-- the visibility rule reads; a ticket deleted takes its rows with it (ON DELETE CASCADE).
-- Messages added or deleted (one statement, any number of rows): counted on their ticket's day.
-- Adding locks the tickets first, as a transfer does, so a transfer committed meanwhile is seen and
-- one still running waits for the messages' rows and then moves them.
CREATE OR REPLACE FUNCTION dashboard_messages_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM tickets t WHERE t.id IN (SELECT ticket_id FROM dashboard_new) ORDER BY t.id FOR NO KEY UPDATE;
    INSERT INTO dashboard_message_days AS d (tenant_id, ticket_id, day, channel_id, queue_id, user_id, is_private,
      is_group, messages_in, messages_out)
    SELECT t.tenant_id, t.id, (m.created_at AT TIME ZONE te.timezone)::date, t.channel_id, t.queue_id, t.user_id,
      t.is_private, t.is_group, count(*) FILTER (WHERE NOT m.from_me), count(*) FILTER (WHERE m.from_me)
    FROM dashboard_new m
    JOIN tickets t ON t.id = m.ticket_id AND t.tenant_id = m.tenant_id
    JOIN tenants te ON te.id = t.tenant_id
    GROUP BY t.id, 3 ORDER BY t.id, 3
    ON CONFLICT (ticket_id, day) DO UPDATE
      SET messages_in = d.messages_in + excluded.messages_in, messages_out = d.messages_out + excluded.messages_out;
  ELSE
    -- Also when a ticket is deleted (its messages go by cascade): its rows then go too.
    UPDATE dashboard_message_days AS d
      SET messages_in = d.messages_in - x.n_in, messages_out = d.messages_out - x.n_out
    FROM (
      SELECT m.ticket_id, (m.created_at AT TIME ZONE te.timezone)::date AS day,
        count(*) FILTER (WHERE NOT m.from_me) AS n_in, count(*) FILTER (WHERE m.from_me) AS n_out
      FROM dashboard_old m JOIN tenants te ON te.id = m.tenant_id
      GROUP BY 1, 2 ORDER BY 1, 2
    ) x
    WHERE d.ticket_id = x.ticket_id AND d.day = x.day;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_dashboard_added AFTER INSERT ON messages REFERENCING NEW TABLE AS dashboard_new
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_messages_changed();
--> statement-breakpoint
CREATE TRIGGER messages_dashboard_deleted AFTER DELETE ON messages REFERENCING OLD TABLE AS dashboard_old
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_messages_changed();
--> statement-breakpoint
-- A message moved to another ticket, day or direction (nothing does that today; kept exact anyway).
CREATE OR REPLACE FUNCTION dashboard_message_moved() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dashboard_message_days AS d
    SET messages_in = d.messages_in - (NOT OLD.from_me)::integer, messages_out = d.messages_out - OLD.from_me::integer
  FROM tenants te
  WHERE te.id = OLD.tenant_id AND d.ticket_id = OLD.ticket_id AND d.day = (OLD.created_at AT TIME ZONE te.timezone)::date;
  PERFORM 1 FROM tickets t WHERE t.id = NEW.ticket_id FOR NO KEY UPDATE;
  INSERT INTO dashboard_message_days AS d (tenant_id, ticket_id, day, channel_id, queue_id, user_id, is_private,
    is_group, messages_in, messages_out)
  SELECT t.tenant_id, t.id, (NEW.created_at AT TIME ZONE te.timezone)::date, t.channel_id, t.queue_id, t.user_id,
    t.is_private, t.is_group, (NOT NEW.from_me)::integer, NEW.from_me::integer
  FROM tickets t JOIN tenants te ON te.id = t.tenant_id
  WHERE t.id = NEW.ticket_id AND t.tenant_id = NEW.tenant_id
  ON CONFLICT (ticket_id, day) DO UPDATE
    SET messages_in = d.messages_in + excluded.messages_in, messages_out = d.messages_out + excluded.messages_out;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_dashboard_moved AFTER UPDATE ON messages FOR EACH ROW
  WHEN ((OLD.tenant_id, OLD.ticket_id, OLD.created_at, OLD.from_me)
    IS DISTINCT FROM (NEW.tenant_id, NEW.ticket_id, NEW.created_at, NEW.from_me))
  EXECUTE FUNCTION dashboard_message_moved();
--> statement-breakpoint
-- A ticket moved (channel, queue, user, privacy, group): its rows follow.
CREATE OR REPLACE FUNCTION dashboard_ticket_moved() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dashboard_message_days
    SET tenant_id = NEW.tenant_id, channel_id = NEW.channel_id, queue_id = NEW.queue_id, user_id = NEW.user_id,
      is_private = NEW.is_private, is_group = NEW.is_group
  WHERE ticket_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_dashboard_moved AFTER UPDATE ON tickets FOR EACH ROW
  WHEN ((OLD.tenant_id, OLD.channel_id, OLD.queue_id, OLD.user_id, OLD.is_private, OLD.is_group)
    IS DISTINCT FROM (NEW.tenant_id, NEW.channel_id, NEW.queue_id, NEW.user_id, NEW.is_private, NEW.is_group))
  EXECUTE FUNCTION dashboard_ticket_moved();
--> statement-breakpoint
-- One company's rows made again from its messages: the backfill, and a change of time zone (its
-- days are local days).
CREATE OR REPLACE FUNCTION dashboard_rebuild_message_days(p_tenant integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_message_days WHERE tenant_id = p_tenant;
  INSERT INTO dashboard_message_days AS d (tenant_id, ticket_id, day, channel_id, queue_id, user_id, is_private,
    is_group, messages_in, messages_out)
  SELECT t.tenant_id, t.id, (m.created_at AT TIME ZONE te.timezone)::date, t.channel_id, t.queue_id, t.user_id,
    t.is_private, t.is_group, count(*) FILTER (WHERE NOT m.from_me), count(*) FILTER (WHERE m.from_me)
  FROM messages m
  JOIN tickets t ON t.id = m.ticket_id AND t.tenant_id = p_tenant
  JOIN tenants te ON te.id = p_tenant
  WHERE m.tenant_id = p_tenant
  GROUP BY t.id, 3
  -- A message committed meanwhile may have made its row already: add to it.
  ON CONFLICT (ticket_id, day) DO UPDATE
    SET messages_in = d.messages_in + excluded.messages_in, messages_out = d.messages_out + excluded.messages_out;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_tenant_timezone_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_rebuild_message_days(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tenants_dashboard_timezone AFTER UPDATE OF timezone ON tenants FOR EACH ROW
  WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone)
  EXECUTE FUNCTION dashboard_tenant_timezone_changed();
--> statement-breakpoint
SELECT dashboard_rebuild_message_days(id) FROM tenants;
