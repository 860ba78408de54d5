CREATE TABLE "recon_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"promised_days" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recon_packages_price_check" CHECK ("recon_packages"."price" >= 0 and "recon_packages"."price" < 100000),
	CONSTRAINT "recon_packages_promised_days_check" CHECK ("recon_packages"."promised_days" between 0 and 60)
);
--> statement-breakpoint
CREATE TABLE "work_order_photos" (
	"photo_id" integer PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"stage" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_photos_stage_check" CHECK ("work_order_photos"."stage" in ('before', 'after'))
);
--> statement-breakpoint
CREATE TABLE "work_order_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'to_do' NOT NULL,
	"not_needed_reason" text,
	"parts_cost" numeric(10, 2) DEFAULT '0' NOT NULL,
	"labour_cost" numeric(10, 2) DEFAULT '0' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_tasks_status_check" CHECK ("work_order_tasks"."status" in ('to_do', 'in_progress', 'done', 'not_needed')),
	CONSTRAINT "work_order_tasks_costs_check" CHECK ("work_order_tasks"."parts_cost" >= 0 and "work_order_tasks"."labour_cost" >= 0 and "work_order_tasks"."parts_cost" < 100000 and "work_order_tasks"."labour_cost" < 100000),
	CONSTRAINT "work_order_tasks_not_needed_check" CHECK ("work_order_tasks"."status" <> 'not_needed' or coalesce(btrim("work_order_tasks"."not_needed_reason"), '') <> '')
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"package_id" integer,
	"package_name" text NOT NULL,
	"package_price" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'to_do' NOT NULL,
	"promised_on" date NOT NULL,
	"started_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_status_check" CHECK ("work_orders"."status" in ('to_do', 'in_progress', 'done', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "buy_orders" ADD COLUMN "recon_package_id" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "recon_package_id" integer;--> statement-breakpoint
ALTER TABLE "work_order_photos" ADD CONSTRAINT "work_order_photos_photo_id_vehicle_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."vehicle_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_photos" ADD CONSTRAINT "work_order_photos_task_id_work_order_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."work_order_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_tasks" ADD CONSTRAINT "work_order_tasks_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_package_id_recon_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."recon_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recon_packages_name_ci_unique" ON "recon_packages" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "work_order_photos_task_idx" ON "work_order_photos" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "work_order_tasks_order_idx" ON "work_order_tasks" USING btree ("work_order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_transaction_unique" ON "work_orders" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "work_orders_status_idx" ON "work_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "work_orders_dealer_idx" ON "work_orders" USING btree ("dealer_id");--> statement-breakpoint
ALTER TABLE "buy_orders" ADD CONSTRAINT "buy_orders_recon_package_id_recon_packages_id_fk" FOREIGN KEY ("recon_package_id") REFERENCES "public"."recon_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_recon_package_id_recon_packages_id_fk" FOREIGN KEY ("recon_package_id") REFERENCES "public"."recon_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Live updates (docs/design.md §6): a work order's change reaches its dealership's stream; a task's
-- change touches its work order in the same transaction, so one trigger tells both.
CREATE TRIGGER work_orders_live_event AFTER INSERT OR UPDATE OR DELETE ON work_orders
  FOR EACH ROW EXECUTE FUNCTION record_live_event('work_orders', 'dealer_id');
--> statement-breakpoint
-- The packages a new marketplace offers (docs/design.md §14); admins change, add and retire them.
INSERT INTO recon_packages (name, description, checklist, price, promised_days, position) VALUES
  ('As inspected', 'The car as its condition report describes it: no work before pickup.', '[]'::jsonb, 0, 0, 0),
  ('Mechanical', 'Safety and mechanical items put right: fluids, brakes, tires under 4/32, warning lights.',
    '["Oil and filter change","Top up all fluids","Brake inspection, pads and rotors to spec","Replace tires under 4/32","Diagnose and clear warning lights","Road test"]'::jsonb,
    495, 3, 1),
  ('Front-line ready', 'Mechanical, plus the cosmetic work to put it on your front line.',
    '["Oil and filter change","Top up all fluids","Brake inspection, pads and rotors to spec","Replace tires under 4/32","Diagnose and clear warning lights","Paintless dent repair","Bumper and scratch touch-up","Interior shampoo and odor treatment","Full detail and photos","Road test"]'::jsonb,
    1295, 5, 2),
  ('Near-CPO', 'Front-line ready to a manufacturer-certified standard: full inspection and wear items.',
    '["Oil and filter change","Top up all fluids","Brakes to 50% or better","Four matching tires at 6/32 or better","Diagnose and clear warning lights","Battery and belts tested","Paintless dent repair","Bumper and scratch touch-up","Windshield chip repair","Interior shampoo and odor treatment","Full detail and photos","Second set of keys","Road test"]'::jsonb,
    2450, 7, 3);
