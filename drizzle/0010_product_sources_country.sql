-- product_sources becomes per country. It is derived, so it is rebuilt from the prices.
DELETE FROM "product_sources";--> statement-breakpoint
ALTER TABLE "product_sources" DROP CONSTRAINT "product_sources_product_num_source_id_pk";--> statement-breakpoint
ALTER TABLE "product_sources" ADD COLUMN "country_code" text NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sources" ADD CONSTRAINT "product_sources_product_num_country_code_source_id_pk" PRIMARY KEY("product_num","country_code","source_id");--> statement-breakpoint
INSERT INTO "product_sources" ("product_num", "country_code", "source_id", "first_day", "last_day")
  SELECT o."product_num", r."country_code", o."source_id", min(o."day"), max(o."day")
  FROM "price_observations" o JOIN "regions" r ON r."num" = o."market_num"
  GROUP BY 1, 2, 3;
