ALTER TABLE "data_sources" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_sources" ADD COLUMN "imported_at" timestamp with time zone;