CREATE TABLE "feedback_images" (
	"feedback_id" uuid NOT NULL,
	"key" text NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "feedback_images_feedback_id_sort_pk" PRIMARY KEY("feedback_id","sort")
);
--> statement-breakpoint
CREATE TABLE "feedback_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feedback_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"from_staff" boolean NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_key" text NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"type_id" uuid NOT NULL,
	"region_code" text,
	"region_name_zh" text,
	"region_name_en" text,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"contact_phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"key" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"product_path" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_handoff_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"platform_key" text NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_upload_grants" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"feedback_id" uuid,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_platform_regions" (
	"user_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"region_code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_platform_regions_user_id_platform_key_region_code_pk" PRIMARY KEY("user_id","platform_key","region_code")
);
--> statement-breakpoint
ALTER TABLE "feedback_images" ADD CONSTRAINT "feedback_images_feedback_id_feedbacks_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_feedback_id_feedbacks_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_types" ADD CONSTRAINT "feedback_types_platform_key_platforms_key_fk" FOREIGN KEY ("platform_key") REFERENCES "public"."platforms"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_platform_key_platforms_key_fk" FOREIGN KEY ("platform_key") REFERENCES "public"."platforms"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_type_id_feedback_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."feedback_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_upload_grants" ADD CONSTRAINT "used_upload_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_upload_grants" ADD CONSTRAINT "used_upload_grants_feedback_id_feedbacks_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedbacks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_platform_regions" ADD CONSTRAINT "user_platform_regions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_platform_regions" ADD CONSTRAINT "user_platform_regions_platform_key_platforms_key_fk" FOREIGN KEY ("platform_key") REFERENCES "public"."platforms"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_images_key_uq" ON "feedback_images" USING btree ("key");--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback_idx" ON "feedback_replies" USING btree ("feedback_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_types_platform_code_uq" ON "feedback_types" USING btree ("platform_key","code");--> statement-breakpoint
CREATE INDEX "feedbacks_user_idx" ON "feedbacks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feedbacks_status_idx" ON "feedbacks" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "feedbacks_platform_idx" ON "feedbacks" USING btree ("platform_key","updated_at");--> statement-breakpoint
CREATE INDEX "feedbacks_updated_idx" ON "feedbacks" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "used_handoff_tokens_expires_idx" ON "used_handoff_tokens" USING btree ("expires_at");