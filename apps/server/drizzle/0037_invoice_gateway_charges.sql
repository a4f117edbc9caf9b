ALTER TABLE "invoices" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "gateway_charge_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "gateway_charge" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "gateway_charge_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_gateway_charge_key" ON "invoices" USING btree ("gateway","gateway_charge_id") WHERE "invoices"."gateway_charge_id" is not null;