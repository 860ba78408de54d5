-- The guarantee reminder pass (remindGuaranteeEnding, issue #47) read and folded every handed-over
-- sale of the last 183 days every 30 minutes (64,331 at 100,000 sales), though most windows had long
-- closed. It now notes each sale whose clock it found settled (closed, or none) with the number of
-- steps its timeline had, and reads it again only once the timeline has more.
CREATE TABLE "guarantee_clocks_settled" (
	"transaction_id" integer PRIMARY KEY NOT NULL,
	"steps" integer NOT NULL,
	"state" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guarantee_clocks_settled" ADD CONSTRAINT "guarantee_clocks_settled_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;