ALTER TABLE "product_names" ALTER COLUMN "product_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_names" ADD COLUMN "name_zh" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "source_name" text;--> statement-breakpoint
-- The products imports made keep the commodity as their source named it (shown under our name).
UPDATE "products" SET "source_name" = "name_en" WHERE "mapped" = false;--> statement-breakpoint
-- Names as sources wrote them, tidied as imports now tidy them: "Cox`s Bazar", "Cox'S Bazar" → "Cox's Bazar".
UPDATE "regions" SET
  "name_en" = regexp_replace(translate("name_en", '`´‘’', ''''''''''), '([[:lower:]])''S\M', '\1''s', 'g'),
  "name_zh" = regexp_replace(translate("name_zh", '`´‘’', ''''''''''), '([[:lower:]])''S\M', '\1''s', 'g')
  WHERE "name_en" ~ '[`´‘’]|[[:lower:]]''S\M' OR "name_zh" ~ '[`´‘’]|[[:lower:]]''S\M';--> statement-breakpoint
UPDATE "products" SET
  "name_en" = regexp_replace(translate("name_en", '`´‘’', ''''''''''), '([[:lower:]])''S\M', '\1''s', 'g'),
  "name_zh" = regexp_replace(translate("name_zh", '`´‘’', ''''''''''), '([[:lower:]])''S\M', '\1''s', 'g')
  WHERE "name_en" ~ '[`´‘’]|[[:lower:]]''S\M' OR "name_zh" ~ '[`´‘’]|[[:lower:]]''S\M';--> statement-breakpoint
-- An imported "Milk" (code milk-bgd) took the demo catalogue's `milk` rows: an import matched the
-- demo code by the imported product's name. They go back to the demo product, with what was
-- derived from them (the imported product keeps its own country's prices).
CREATE TEMP TABLE "misplaced_demo" AS
  SELECT i."num" AS "wrong", d."num" AS "demo" FROM "products" i
  JOIN "products" d ON d."is_demo" AND NOT i."is_demo" AND i."code" ~ ('^' || d."code" || '-[a-z]{3}$');--> statement-breakpoint
UPDATE "price_observations" o SET "product_num" = p."demo" FROM "misplaced_demo" p, "data_sources" s
  WHERE o."product_num" = p."wrong" AND s."id" = o."source_id" AND s."is_demo";--> statement-breakpoint
UPDATE "product_sources" ps SET "product_num" = p."demo" FROM "misplaced_demo" p, "data_sources" s
  WHERE ps."product_num" = p."wrong" AND s."id" = ps."source_id" AND s."is_demo";--> statement-breakpoint
UPDATE "latest_prices" lp SET "product_num" = p."demo" FROM "misplaced_demo" p
  WHERE lp."product_num" = p."wrong"
    AND NOT EXISTS (SELECT 1 FROM "price_observations" o WHERE o."product_num" = p."wrong" AND o."market_num" = lp."market_num");--> statement-breakpoint
UPDATE "region_prices" rp SET "product_num" = p."demo" FROM "misplaced_demo" p, "regions" r
  WHERE rp."product_num" = p."wrong" AND r."num" = rp."region_num"
    AND NOT EXISTS (SELECT 1 FROM "price_observations" o JOIN "regions" m ON m."num" = o."market_num"
      WHERE o."product_num" = p."wrong" AND m."country_code" = r."country_code");--> statement-breakpoint
DROP TABLE "misplaced_demo";--> statement-breakpoint
UPDATE "market_state" SET "version" = "version" + 1;
