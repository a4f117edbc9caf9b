CREATE TABLE "reseller_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "resellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resellers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "reseller_id" integer;--> statement-breakpoint
ALTER TABLE "reseller_tokens" ADD CONSTRAINT "reseller_tokens_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reseller_tokens_reseller_idx" ON "reseller_tokens" USING btree ("reseller_id");--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE set null ON UPDATE no action;