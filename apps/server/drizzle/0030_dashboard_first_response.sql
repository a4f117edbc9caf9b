ALTER TABLE "tickets" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_tenant_created_idx" ON "messages" USING btree ("tenant_id","created_at","ticket_id","from_me");--> statement-breakpoint
CREATE INDEX "tickets_tenant_created_idx" ON "tickets" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_tenant_closed_idx" ON "tickets" USING btree ("tenant_id","closed_at") WHERE "tickets"."closed_at" is not null;--> statement-breakpoint
UPDATE "tickets" AS t SET "first_response_at" = m."at"
FROM (
  SELECT "ticket_id", min("created_at") AS "at" FROM "messages"
  WHERE "from_me" AND "user_id" IS NOT NULL
  GROUP BY "ticket_id"
) AS m
WHERE m."ticket_id" = t."id";
