ALTER TABLE "stored_files" ADD COLUMN "grant_nonce" text;--> statement-breakpoint
CREATE INDEX "stored_files_grant_idx" ON "stored_files" USING btree ("grant_nonce");