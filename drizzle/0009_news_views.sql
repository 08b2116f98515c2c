CREATE TABLE "news_views" (
	"news_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "news_views_news_id_visitor_day_pk" PRIMARY KEY("news_id","visitor","day")
);
--> statement-breakpoint
ALTER TABLE "news_views" ADD CONSTRAINT "news_views_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_views_day_idx" ON "news_views" USING btree ("day");