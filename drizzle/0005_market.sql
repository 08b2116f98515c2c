CREATE TABLE "data_products" (
	"code" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"description_en" text NOT NULL,
	"category_code" text NOT NULL,
	"price_per_region_fen" integer NOT NULL,
	"months" integer DEFAULT 12 NOT NULL,
	"min_rank" integer DEFAULT 0 NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_sources" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"licence" text NOT NULL,
	"attribution" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "data_sources_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "index_definitions" (
	"code" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"subject" text,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"granularity" text NOT NULL,
	"base_period_start" date NOT NULL,
	"base_period_end" date NOT NULL,
	"equal_weights" boolean NOT NULL,
	"weights" jsonb,
	"region_ids" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_values" (
	"index_code" text NOT NULL,
	"region_id" text NOT NULL,
	"day" date NOT NULL,
	"level" double precision NOT NULL,
	"dod" double precision,
	"mom" double precision,
	"yoy" double precision,
	"coverage" real NOT NULL,
	CONSTRAINT "index_values_index_code_region_id_day_pk" PRIMARY KEY("index_code","region_id","day")
);
--> statement-breakpoint
CREATE TABLE "latest_prices" (
	"product_num" smallint NOT NULL,
	"market_num" integer NOT NULL,
	"price_type" smallint NOT NULL,
	"day" date NOT NULL,
	"price" double precision NOT NULL,
	"prev_day" date,
	"prev_price" double precision,
	"source_id" smallint NOT NULL,
	CONSTRAINT "latest_prices_product_num_market_num_price_type_pk" PRIMARY KEY("product_num","market_num","price_type")
);
--> statement-breakpoint
CREATE TABLE "market_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_observations" (
	"product_num" smallint NOT NULL,
	"market_num" integer NOT NULL,
	"province_num" integer NOT NULL,
	"day" date NOT NULL,
	"flag" smallint NOT NULL,
	"price_type" smallint NOT NULL,
	"price" double precision NOT NULL,
	"min_price" double precision,
	"max_price" double precision,
	"volume" double precision,
	"source_id" smallint NOT NULL,
	CONSTRAINT "price_observations_product_num_market_num_day_flag_price_type_pk" PRIMARY KEY("product_num","market_num","day","flag","price_type")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"code" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sources" (
	"product_num" smallint NOT NULL,
	"source_id" smallint NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "product_sources_product_num_source_id_pk" PRIMARY KEY("product_num","source_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"code" text PRIMARY KEY NOT NULL,
	"num" smallint NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"category_code" text NOT NULL,
	"unit" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "products_num_unique" UNIQUE("num")
);
--> statement-breakpoint
CREATE TABLE "region_prices" (
	"product_num" smallint NOT NULL,
	"region_num" integer NOT NULL,
	"price_type" smallint NOT NULL,
	"day" date NOT NULL,
	"price" double precision NOT NULL,
	"min_price" double precision,
	"max_price" double precision,
	"markets" smallint NOT NULL,
	CONSTRAINT "region_prices_product_num_region_num_price_type_day_pk" PRIMARY KEY("product_num","region_num","price_type","day")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" text PRIMARY KEY NOT NULL,
	"num" integer NOT NULL,
	"parent_id" text,
	"level" text NOT NULL,
	"province_id" text,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"lat" real,
	"lon" real,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "regions_num_unique" UNIQUE("num")
);
--> statement-breakpoint
CREATE TABLE "user_data_product_auths" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_code" text NOT NULL,
	"region_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"source_order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_products" ADD CONSTRAINT "data_products_category_code_product_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."product_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_code_product_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."product_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_data_product_auths" ADD CONSTRAINT "user_data_product_auths_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_data_product_auths" ADD CONSTRAINT "user_data_product_auths_product_code_data_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."data_products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_data_product_auths" ADD CONSTRAINT "user_data_product_auths_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_code");--> statement-breakpoint
CREATE INDEX "regions_parent_idx" ON "regions" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "regions_province_idx" ON "regions" USING btree ("province_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "udpa_user_product_region_uq" ON "user_data_product_auths" USING btree ("user_id","product_code","region_id");--> statement-breakpoint
CREATE INDEX "udpa_user_ends_idx" ON "user_data_product_auths" USING btree ("user_id","ends_at");