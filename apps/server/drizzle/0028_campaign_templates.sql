ALTER TABLE "campaigns" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_parameters" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_header_url" text;