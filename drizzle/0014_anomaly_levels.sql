CREATE TABLE "anomaly_levels" (
	"product_num" smallint NOT NULL,
	"region_num" integer NOT NULL,
	"price_type" smallint NOT NULL,
	"currency" text NOT NULL,
	"level" text,
	"why" text,
	"score" double precision,
	"latest" double precision,
	"fitted" double precision,
	"sd" double precision,
	"months" integer NOT NULL,
	"span" integer NOT NULL,
	"last_month" date NOT NULL,
	"last_day" date NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anomaly_levels_product_num_region_num_price_type_currency_pk" PRIMARY KEY("product_num","region_num","price_type","currency")
);
--> statement-breakpoint
CREATE INDEX "anomaly_levels_level_idx" ON "anomaly_levels" USING btree ("level","region_num");