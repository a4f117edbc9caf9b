-- The change feed (platform/db/change-feed.ts): every instance keeps the sessions it resolved and
-- a few small per-company lists in memory, and drops a company's entries when a row they were
-- read from changes. Triggers announce the change on the channel `prosa_change` with the company's
-- id; a notification is sent at commit (never for a rolled-back change) and identical ones in one
-- transaction are sent once. Only the columns the cached reads use fire on update.
CREATE OR REPLACE FUNCTION prosa_notify_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('prosa_change', OLD.tenant_id::text);
  ELSE
    PERFORM pg_notify('prosa_change', NEW.tenant_id::text);
    IF TG_OP = 'UPDATE' AND OLD.tenant_id IS DISTINCT FROM NEW.tenant_id THEN
      PERFORM pg_notify('prosa_change', OLD.tenant_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION prosa_notify_tenant_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prosa_change', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_change AFTER UPDATE OF tenant_id, user_id, expires_at, revoked_at OR DELETE
  ON auth_sessions FOR EACH ROW EXECUTE FUNCTION prosa_notify_change();
--> statement-breakpoint
CREATE TRIGGER users_change AFTER UPDATE OF tenant_id, name, email, profile, ignore_wallet OR DELETE
  ON users FOR EACH ROW EXECUTE FUNCTION prosa_notify_change();
--> statement-breakpoint
CREATE TRIGGER user_queues_change AFTER INSERT OR UPDATE OR DELETE
  ON user_queues FOR EACH ROW EXECUTE FUNCTION prosa_notify_change();
--> statement-breakpoint
CREATE TRIGGER user_channels_change AFTER INSERT OR UPDATE OR DELETE
  ON user_channels FOR EACH ROW EXECUTE FUNCTION prosa_notify_change();
--> statement-breakpoint
CREATE TRIGGER settings_change AFTER INSERT OR UPDATE OR DELETE
  ON settings FOR EACH ROW EXECUTE FUNCTION prosa_notify_change();
--> statement-breakpoint
CREATE TRIGGER tags_change AFTER INSERT OR UPDATE OR DELETE
  ON tags FOR EACH ROW EXECUTE FUNCTION prosa_notify_change();
--> statement-breakpoint
CREATE TRIGGER tenants_change AFTER UPDATE OF status, due_date OR DELETE
  ON tenants FOR EACH ROW EXECUTE FUNCTION prosa_notify_tenant_change();
