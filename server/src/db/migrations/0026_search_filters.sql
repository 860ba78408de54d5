ALTER TABLE "saved_searches" ADD COLUMN "make" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "year_min" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "year_max" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "price_min" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "price_max" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "max_miles" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "within" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "zip" varchar(5);--> statement-breakpoint
CREATE INDEX "vehicles_published_make_model_idx" ON "vehicles" USING btree (lower("make"),lower("model"),"condition","make","model","grade") WHERE "vehicles"."status" = 'active' and "vehicles"."in_queue" = false;--> statement-breakpoint
CREATE INDEX "vehicles_published_location_idx" ON "vehicles" USING btree ("location_zip") WHERE "vehicles"."status" = 'active' and "vehicles"."in_queue" = false;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_within_check" CHECK ("saved_searches"."within" is null or "saved_searches"."zip" is not null);