ALTER TABLE "documents" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_scheduled_idx" ON "documents" USING btree ("published_at") WHERE "documents"."status" = 'scheduled';