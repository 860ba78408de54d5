-- A bought-back car's work order (a claim sent to reconditioning first, docs/decisions/0043-claim-coverage-and-deductible.md)
-- keeps the returning dealership in dealer_id (the sale it came from), but the car is the marketplace's
-- again: its changes reach the admins' and the lot staff's streams, not that dealership's. Its live
-- events are recorded with no owner (the second argument names no column); every other work order's
-- still names its dealership. A DELETE trigger may only look at OLD, so each case is two triggers.
DROP TRIGGER work_orders_live_event ON work_orders;
--> statement-breakpoint
CREATE TRIGGER work_orders_live_event AFTER INSERT OR UPDATE ON work_orders
  FOR EACH ROW WHEN (NEW.claim_id IS NULL) EXECUTE FUNCTION record_live_event('work_orders', 'dealer_id');
--> statement-breakpoint
CREATE TRIGGER work_orders_live_event_deleted AFTER DELETE ON work_orders
  FOR EACH ROW WHEN (OLD.claim_id IS NULL) EXECUTE FUNCTION record_live_event('work_orders', 'dealer_id');
--> statement-breakpoint
CREATE TRIGGER work_orders_claim_live_event AFTER INSERT OR UPDATE ON work_orders
  FOR EACH ROW WHEN (NEW.claim_id IS NOT NULL) EXECUTE FUNCTION record_live_event('work_orders', 'no owner');
--> statement-breakpoint
CREATE TRIGGER work_orders_claim_live_event_deleted AFTER DELETE ON work_orders
  FOR EACH ROW WHEN (OLD.claim_id IS NOT NULL) EXECUTE FUNCTION record_live_event('work_orders', 'no owner');
