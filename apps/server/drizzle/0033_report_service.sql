ALTER TABLE "tickets" ADD COLUMN "first_response_user_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_first_response_user_id_users_id_fk" FOREIGN KEY ("first_response_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_logs_tenant_type_created_idx" ON "ticket_logs" USING btree ("tenant_id","type","created_at");--> statement-breakpoint
CREATE INDEX "tickets_tenant_rated_idx" ON "tickets" USING btree ("tenant_id","rated_at") WHERE "tickets"."rated_at" is not null;--> statement-breakpoint
UPDATE "tickets" AS t SET "first_response_user_id" = m."user_id"
FROM (
  SELECT DISTINCT ON ("ticket_id") "ticket_id", "user_id" FROM "messages"
  WHERE "from_me" AND "user_id" IS NOT NULL
  ORDER BY "ticket_id", "created_at", "id"
) AS m
WHERE m."ticket_id" = t."id" AND t."first_response_at" IS NOT NULL;
