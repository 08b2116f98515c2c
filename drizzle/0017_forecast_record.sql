CREATE TABLE "forecast_backtests" (
	"product_num" smallint NOT NULL,
	"region_num" integer NOT NULL,
	"price_type" smallint NOT NULL,
	"currency" text NOT NULL,
	"country_code" text NOT NULL,
	"fingerprint" text NOT NULL,
	"observed" integer NOT NULL,
	"origins" integer NOT NULL,
	"last_month" text NOT NULL,
	"ets_mae" double precision NOT NULL,
	"snaive_mae" double precision NOT NULL,
	"scale" double precision NOT NULL,
	"scores" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_backtests_product_num_region_num_price_type_currency_pk" PRIMARY KEY("product_num","region_num","price_type","currency")
);
--> statement-breakpoint
CREATE TABLE "forecast_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data_through" date,
	"record" jsonb NOT NULL
);
