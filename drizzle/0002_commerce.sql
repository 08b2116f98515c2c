CREATE TABLE "member_range_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"level_id" uuid NOT NULL,
	"months" integer NOT NULL,
	"price_fen" integer NOT NULL,
	CONSTRAINT "member_range_prices_price_ck" CHECK ("member_range_prices"."price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"ref" text NOT NULL,
	"label_zh" text NOT NULL,
	"label_en" text NOT NULL,
	"amount_fen" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"trade_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_fen" integer NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"detail" jsonb NOT NULL,
	"provider" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "orders_amount_ck" CHECK ("orders"."amount_fen" > 0),
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('pending', 'paid', 'closed', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_txn_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_range_prices" ADD CONSTRAINT "member_range_prices_level_id_member_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."member_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_range_prices_level_months_uq" ON "member_range_prices" USING btree ("level_id","months");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_pos_uq" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_trade_code_uq" ON "orders" USING btree ("trade_code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pending_dedupe_uq" ON "orders" USING btree ("user_id","dedupe_key") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_user_kind_idx" ON "orders" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_uq" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_txn_uq" ON "payments" USING btree ("provider","provider_txn_id");