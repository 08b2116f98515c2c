CREATE TABLE "cache_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "page_versions" CASCADE;--> statement-breakpoint
CREATE INDEX "cache_tags_updated_idx" ON "cache_tags" USING btree ("updated_at");