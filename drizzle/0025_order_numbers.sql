CREATE TABLE "order_numbers" (
	"day" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_numbers_last_ck" CHECK ("order_numbers"."last" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_no" text;--> statement-breakpoint
-- Orders made before numbers existed get theirs in the order they were made, per Beijing day (UTC+8, no DST).
UPDATE "orders" SET "order_no" = n."order_no" FROM (
	SELECT "id", 'YN-' || to_char("created_at" AT TIME ZONE 'UTC' + interval '8 hours', 'YYYYMMDD') || '-' ||
		lpad((row_number() OVER (PARTITION BY to_char("created_at" AT TIME ZONE 'UTC' + interval '8 hours', 'YYYYMMDD') ORDER BY "created_at", "id"))::text, 4, '0') AS "order_no"
	FROM "orders"
) n WHERE n."id" = "orders"."id";--> statement-breakpoint
INSERT INTO "order_numbers" ("day", "last")
	SELECT to_char("created_at" AT TIME ZONE 'UTC' + interval '8 hours', 'YYYYMMDD'), count(*) FROM "orders" GROUP BY 1;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_no" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" USING btree ("order_no");
