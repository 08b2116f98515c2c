CREATE TABLE "member_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"level_id" uuid NOT NULL,
	"order_id" uuid,
	"months" integer NOT NULL,
	"range_days" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"value_fen" integer NOT NULL,
	CONSTRAINT "member_terms_range_ck" CHECK ("member_terms"."range_days" > 0 and "member_terms"."value_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_terms" ADD CONSTRAINT "member_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_terms" ADD CONSTRAINT "member_terms_level_id_member_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."member_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_terms" ADD CONSTRAINT "member_terms_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_terms_user_idx" ON "member_terms" USING btree ("user_id","level_id","ends_at");