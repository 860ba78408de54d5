DROP INDEX "work_orders_transaction_unique";--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "claim_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_claim_id_transaction_events_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."transaction_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_claim_unique" ON "work_orders" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_transaction_unique" ON "work_orders" USING btree ("transaction_id") WHERE "work_orders"."claim_id" is null;