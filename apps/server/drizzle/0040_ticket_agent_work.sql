CREATE TABLE "ticket_agent_work" (
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ticket_created_at" timestamp with time zone NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"taken_first" timestamp with time zone,
	"taken_last" timestamp with time zone,
	"closed_first" timestamp with time zone,
	"closed_last" timestamp with time zone,
	"transfer_first" timestamp with time zone,
	"transfer_last" timestamp with time zone,
	CONSTRAINT "ticket_agent_work_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "ticket_agent_work" ADD CONSTRAINT "ticket_agent_work_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_agent_work" ADD CONSTRAINT "ticket_agent_work_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_agent_work_tenant_last_idx" ON "ticket_agent_work" USING btree ("tenant_id","last_at");--> statement-breakpoint
-- estatisticas-atendimentos-usuarios (README "Reports"): each agent's work on each ticket as the
-- first and last time of each kind, and the ticket's whole row (user 0), kept by the trigger below
-- in the transaction that writes the log. Taken: started by the agent ('create' with a user),
-- accepted, received by a transfer or from the bot's routing, reopened to the agent. Closed: by the
-- agent ('closed'); for the whole, by anyone ('closed', 'autoClose'). Transferred out. The report's
-- TAKEN list (estatisticas-atendimentos-usuarios.report.ts) is the same.
CREATE OR REPLACE FUNCTION ticket_agent_work_add(p_tenant integer, p_ticket integer, p_user integer,
  p_created timestamptz, p_at timestamptz, p_taken boolean, p_closed boolean, p_transfer boolean) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO ticket_agent_work AS w (tenant_id, ticket_id, user_id, ticket_created_at, first_at, last_at,
    taken_first, taken_last, closed_first, closed_last, transfer_first, transfer_last)
  VALUES (p_tenant, p_ticket, p_user, p_created, p_at, p_at,
    CASE WHEN p_taken THEN p_at END, CASE WHEN p_taken THEN p_at END,
    CASE WHEN p_closed THEN p_at END, CASE WHEN p_closed THEN p_at END,
    CASE WHEN p_transfer THEN p_at END, CASE WHEN p_transfer THEN p_at END)
  ON CONFLICT (ticket_id, user_id) DO UPDATE SET
    first_at = least(w.first_at, excluded.first_at), last_at = greatest(w.last_at, excluded.last_at),
    taken_first = least(w.taken_first, excluded.taken_first), taken_last = greatest(w.taken_last, excluded.taken_last),
    closed_first = least(w.closed_first, excluded.closed_first), closed_last = greatest(w.closed_last, excluded.closed_last),
    transfer_first = least(w.transfer_first, excluded.transfer_first),
    transfer_last = greatest(w.transfer_last, excluded.transfer_last);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticket_agent_work_logged() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  taken boolean := NEW.user_id IS NOT NULL AND (NEW.type IN ('create', 'open', 'receivedTransfer', 'userDefine',
    'retriesLimitUserDefine') OR (NEW.type = 'reopen' AND NEW.payload->>'status' = 'open'));
  created timestamptz;
BEGIN
  IF NOT (taken OR NEW.type IN ('closed', 'autoClose', 'transfered')) THEN
    RETURN NULL;
  END IF;
  SELECT t.created_at INTO created FROM tickets t WHERE t.id = NEW.ticket_id;
  IF NEW.user_id IS NOT NULL AND (taken OR NEW.type IN ('closed', 'transfered')) THEN
    PERFORM ticket_agent_work_add(NEW.tenant_id, NEW.ticket_id, NEW.user_id, created, NEW.created_at, taken,
      NEW.type = 'closed', NEW.type = 'transfered');
  END IF;
  PERFORM ticket_agent_work_add(NEW.tenant_id, NEW.ticket_id, 0, created, NEW.created_at, taken,
    NEW.type IN ('closed', 'autoClose'), NEW.type = 'transfered');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ticket_logs_agent_work AFTER INSERT ON ticket_logs FOR EACH ROW
  WHEN (NEW.type IN ('create', 'open', 'receivedTransfer', 'userDefine', 'retriesLimitUserDefine', 'reopen', 'closed',
    'autoClose', 'transfered'))
  EXECUTE FUNCTION ticket_agent_work_logged();
--> statement-breakpoint
-- The log written so far.
INSERT INTO ticket_agent_work (tenant_id, ticket_id, user_id, ticket_created_at, first_at, last_at,
  taken_first, taken_last, closed_first, closed_last, transfer_first, transfer_last)
SELECT l.tenant_id, l.ticket_id, k.user_id, min(t.created_at), min(l.created_at), max(l.created_at),
  min(l.created_at) FILTER (WHERE x.taken), max(l.created_at) FILTER (WHERE x.taken),
  min(l.created_at) FILTER (WHERE k.closed), max(l.created_at) FILTER (WHERE k.closed),
  min(l.created_at) FILTER (WHERE k.transfer), max(l.created_at) FILTER (WHERE k.transfer)
FROM ticket_logs l
JOIN tickets t ON t.id = l.ticket_id
CROSS JOIN LATERAL (SELECT l.user_id IS NOT NULL AND (l.type IN ('create', 'open', 'receivedTransfer', 'userDefine',
  'retriesLimitUserDefine') OR (l.type = 'reopen' AND l.payload->>'status' = 'open')) AS taken) x
CROSS JOIN LATERAL (VALUES
  (l.user_id, l.type = 'closed', l.type = 'transfered'),
  (0, l.type IN ('closed', 'autoClose'), l.type = 'transfered')) k(user_id, closed, transfer)
WHERE l.type IN ('create', 'open', 'receivedTransfer', 'userDefine', 'retriesLimitUserDefine', 'reopen', 'closed',
    'autoClose', 'transfered')
  AND k.user_id IS NOT NULL AND (x.taken OR k.closed OR k.transfer)
GROUP BY l.tenant_id, l.ticket_id, k.user_id;
