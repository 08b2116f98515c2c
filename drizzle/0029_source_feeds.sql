CREATE TABLE "source_feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "source_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"url" text NOT NULL,
	"every_minutes" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_run_at" timestamp with time zone,
	"last_outcome" text,
	"last_error" text,
	"last_rows" integer,
	"last_import_id" integer,
	"wrote" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_feeds_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE INDEX "source_feeds_due_idx" ON "source_feeds" USING btree ("next_run_at");