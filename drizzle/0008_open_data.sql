-- Open data model (issue 16): countries, a region tree per country, the catalogue's mapping
-- table and packs, prices in the row's currency with the source's price, pack and USD price,
-- derived USD rates, and indexes per country. Rows already stored are Chinese, in CNY, per
-- their product's unit: they are kept and described as such.
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"iso2" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"currency" text NOT NULL,
	"region_id" text,
	"sort" integer DEFAULT 1000 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency" text NOT NULL,
	"month" date NOT NULL,
	"rate" double precision NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "fx_rates_currency_month_pk" PRIMARY KEY("currency","month")
);
--> statement-breakpoint
CREATE TABLE "packs" (
	"id" smallint PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" double precision NOT NULL,
	CONSTRAINT "packs_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "product_names" (
	"name" text PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_names" ADD CONSTRAINT "product_names_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "packs" ("id", "label", "unit", "quantity") VALUES (1, 'KG', 'kg', 1), (2, 'L', 'l', 1), (3, 'Unit', 'piece', 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mapped" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "country_code" text DEFAULT 'CHN' NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ALTER COLUMN "country_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "path" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ALTER COLUMN "path" DROP DEFAULT;--> statement-breakpoint
UPDATE "regions" r SET "path" = CASE WHEN r."level" = 'nation' THEN '{}'::integer[]
  WHEN r."level" = 'province' THEN ARRAY[(SELECT n."num" FROM "regions" n WHERE n."level" = 'nation' LIMIT 1)]
  ELSE ARRAY[(SELECT n."num" FROM "regions" n WHERE n."level" = 'nation' LIMIT 1), (SELECT p."num" FROM "regions" p WHERE p."id" = r."province_id")] END;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "source_ref" text;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "aliases" text[];--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_source_ref_unique" UNIQUE("source_ref");--> statement-breakpoint
CREATE INDEX "regions_country_idx" ON "regions" USING btree ("country_code","level");--> statement-breakpoint
ALTER TABLE "price_observations" DROP CONSTRAINT "price_observations_product_num_market_num_day_flag_price_type_pk";--> statement-breakpoint
ALTER TABLE "price_observations" DROP COLUMN "province_num";--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_observations" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "source_price" double precision;--> statement-breakpoint
UPDATE "price_observations" SET "source_price" = "price";--> statement-breakpoint
ALTER TABLE "price_observations" ALTER COLUMN "source_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "pack_id" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_observations" ALTER COLUMN "pack_id" DROP DEFAULT;--> statement-breakpoint
UPDATE "price_observations" o SET "pack_id" = CASE p."unit" WHEN 'l' THEN 2 ELSE 3 END FROM "products" p WHERE p."num" = o."product_num" AND p."unit" <> 'kg';--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "usd_price" double precision;--> statement-breakpoint
ALTER TABLE "price_observations" ADD CONSTRAINT "price_observations_product_num_market_num_day_flag_price_type_currency_pk" PRIMARY KEY("product_num","market_num","day","flag","price_type","currency");--> statement-breakpoint
ALTER TABLE "region_prices" DROP CONSTRAINT "region_prices_product_num_region_num_price_type_day_pk";--> statement-breakpoint
ALTER TABLE "region_prices" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "region_prices" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "region_prices" ADD CONSTRAINT "region_prices_product_num_region_num_price_type_day_currency_pk" PRIMARY KEY("product_num","region_num","price_type","day","currency");--> statement-breakpoint
ALTER TABLE "latest_prices" DROP CONSTRAINT "latest_prices_product_num_market_num_price_type_pk";--> statement-breakpoint
ALTER TABLE "latest_prices" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "latest_prices" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "latest_prices" ADD CONSTRAINT "latest_prices_product_num_market_num_price_type_currency_pk" PRIMARY KEY("product_num","market_num","price_type","currency");--> statement-breakpoint
ALTER TABLE "index_definitions" DROP CONSTRAINT "index_definitions_pkey";--> statement-breakpoint
ALTER TABLE "index_definitions" ADD COLUMN "country_code" text DEFAULT 'CHN' NOT NULL;--> statement-breakpoint
ALTER TABLE "index_definitions" ALTER COLUMN "country_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "index_definitions" ADD COLUMN "price_type" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "index_definitions" ALTER COLUMN "price_type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "index_definitions" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "index_definitions" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "index_definitions" ADD CONSTRAINT "index_definitions_country_code_code_pk" PRIMARY KEY("country_code","code");
