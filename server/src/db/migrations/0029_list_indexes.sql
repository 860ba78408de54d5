CREATE INDEX "dealers_name_idx" ON "dealers" USING btree (lower("dealer_name"),"id");--> statement-breakpoint
CREATE INDEX "dealers_created_idx" ON "dealers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("created_at","id");