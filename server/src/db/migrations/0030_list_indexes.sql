ALTER TABLE "transactions" ALTER COLUMN "terms" SET DEFAULT '{"paymentDays":3,"titleDaysWithDeal":5,"titleDaysAbsent":21,"guaranteeDays":7,"lateFeePercent":0,"timeZone":"America/New_York","claimSla":{"evidenceDays":2,"decisionDays":3,"payDays":3}}'::jsonb;--> statement-breakpoint
CREATE INDEX "dealers_name_idx" ON "dealers" USING btree (lower("dealer_name"),"id");--> statement-breakpoint
CREATE INDEX "dealers_created_idx" ON "dealers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("created_at","id");