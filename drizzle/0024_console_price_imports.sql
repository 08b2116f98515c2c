CREATE TABLE "price_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_phone" text,
	"actor_name" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" integer NOT NULL,
	"outcome" text NOT NULL,
	"rows" integer NOT NULL,
	"imported" integer NOT NULL,
	"rejected" integer NOT NULL,
	"new_series" integer NOT NULL,
	"countries" jsonb NOT NULL,
	"unplaced" integer NOT NULL,
	"refused" text,
	"ms" integer NOT NULL,
	"rejects_csv" text
);
--> statement-breakpoint
CREATE INDEX "price_imports_at_idx" ON "price_imports" USING btree ("at");