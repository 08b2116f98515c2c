DROP INDEX "sessions_user_idx";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "kind" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "users" SET "roles" = '{editor,support}'::text[] WHERE "is_staff";--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","kind");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_staff";
