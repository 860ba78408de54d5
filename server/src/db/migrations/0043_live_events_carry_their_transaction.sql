-- Each live event names the transaction that wrote it (issue #47, ADR 0008): a page's first stream
-- starts from the snapshot its HTML was made under and replays the events that snapshot could not
-- see — those of transactions still in progress then too, whose ids may be older than the newest —
-- instead of the page reading its live data again once its stream has opened. Rows already kept
-- take this migration's transaction (older than any snapshot a page will name).
ALTER TABLE "live_events" ADD COLUMN "txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "live_events_txid_idx" ON "live_events" USING btree ("txid");