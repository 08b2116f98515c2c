CREATE TABLE "platform_links" (
	"user_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_links_user_id_platform_key_pk" PRIMARY KEY("user_id","platform_key")
);
--> statement-breakpoint
ALTER TABLE "platform_links" ADD CONSTRAINT "platform_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;