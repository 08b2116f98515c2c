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
CREATE TABLE "platform_links" (
	"user_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_links_user_id_platform_key_pk" PRIMARY KEY("user_id","platform_key")
);
--> statement-breakpoint
CREATE TABLE "news_views" (
	"news_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "news_views_news_id_visitor_day_pk" PRIMARY KEY("news_id","visitor","day")
);
--> statement-breakpoint
-- Login locks per client address (scope = the address) or for everyone (scope = '*'). Existing locks become '*'.
ALTER TABLE "login_locks" ADD COLUMN "scope" text DEFAULT '*' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_locks" DROP CONSTRAINT "login_locks_pkey";--> statement-breakpoint
ALTER TABLE "login_locks" ADD CONSTRAINT "login_locks_phone_scope_pk" PRIMARY KEY("phone","scope");--> statement-breakpoint
ALTER TABLE "member_terms" ADD CONSTRAINT "member_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_terms" ADD CONSTRAINT "member_terms_level_id_member_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."member_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_terms" ADD CONSTRAINT "member_terms_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_links" ADD CONSTRAINT "platform_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_views" ADD CONSTRAINT "news_views_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_terms_user_idx" ON "member_terms" USING btree ("user_id","level_id","ends_at");--> statement-breakpoint
CREATE INDEX "news_views_day_idx" ON "news_views" USING btree ("day");