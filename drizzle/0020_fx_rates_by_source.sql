-- fx_rates held only implied rates, without their source: they are derived data, recomputed below
-- per source from the stored prices (as the import derives them), and published rates are imported.
DELETE FROM "fx_rates";--> statement-breakpoint
ALTER TABLE "fx_rates" DROP CONSTRAINT "fx_rates_currency_month_pk";--> statement-breakpoint
ALTER TABLE "fx_rates" ALTER COLUMN "rows" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fx_rates" ADD COLUMN "source_id" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_currency_source_id_month_pk" PRIMARY KEY("currency","source_id","month");--> statement-breakpoint
INSERT INTO "fx_rates" ("currency", "month", "source_id", "rate", "rows")
  SELECT "currency", date_trunc('month', "day")::date, "source_id", sum("price") / sum("usd_price"), count(*)
  FROM "price_observations" WHERE "usd_price" > 0 GROUP BY 1, 2, 3;
