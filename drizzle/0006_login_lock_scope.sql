-- Login locks per client address (scope = the address) or for everyone (scope = '*'). Existing locks become '*'.
ALTER TABLE "login_locks" ADD COLUMN "scope" text DEFAULT '*' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_locks" DROP CONSTRAINT "login_locks_pkey";--> statement-breakpoint
ALTER TABLE "login_locks" ADD CONSTRAINT "login_locks_phone_scope_pk" PRIMARY KEY("phone","scope");
