CREATE TABLE "known_logins" (
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_logins_phone_address_pk" PRIMARY KEY("phone","address")
);
--> statement-breakpoint
CREATE INDEX "known_logins_at_idx" ON "known_logins" USING btree ("at");