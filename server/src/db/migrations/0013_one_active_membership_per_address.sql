DROP INDEX "dealer_users_email_ci_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_users_dealer_email_ci_unique" ON "dealer_users" USING btree ("dealer_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_users_active_email_ci_unique" ON "dealer_users" USING btree (lower("email")) WHERE "dealer_users"."accepted_at" is not null and "dealer_users"."disabled_at" is null;
