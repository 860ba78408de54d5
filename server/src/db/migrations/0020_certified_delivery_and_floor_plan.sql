CREATE TABLE "floor_plan_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"lender" text NOT NULL,
	"account_number" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "floor_plan_lines_lender_check" CHECK ("floor_plan_lines"."lender" in ('nextgear', 'afc', 'westlake', 'kinetic'))
);
--> statement-breakpoint
CREATE TABLE "floor_plan_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" text NOT NULL,
	"arranged_by" text NOT NULL,
	"lender_request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "floor_plan_requests_status_check" CHECK ("floor_plan_requests"."status" in ('requested', 'approved', 'declined', 'funded'))
);
--> statement-breakpoint
CREATE TABLE "integration_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"event_id" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"applied" boolean NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"action" text NOT NULL,
	"entity_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "integration_outbox_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "transport_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"status" text NOT NULL,
	"arranged_by" text NOT NULL,
	"carrier_guid" text,
	"carrier_number" text,
	"pickup_by" text NOT NULL,
	"last_report_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transport_orders_status_check" CHECK ("transport_orders"."status" in ('awaiting_release', 'unassigned', 'assigned', 'picked_up', 'in_transit', 'delivered', 'cancelled')),
	CONSTRAINT "transport_orders_arranged_by_check" CHECK ("transport_orders"."arranged_by" in ('carrier', 'team'))
);
--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "delivery_zip" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "location_zip" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "inoperable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "floor_plan_lines" ADD CONSTRAINT "floor_plan_lines_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_plan_requests" ADD CONSTRAINT "floor_plan_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_plan_requests" ADD CONSTRAINT "floor_plan_requests_line_id_floor_plan_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."floor_plan_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_orders" ADD CONSTRAINT "transport_orders_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "floor_plan_lines_one_live" ON "floor_plan_lines" USING btree ("dealer_id","lender",upper("account_number")) WHERE "floor_plan_lines"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "floor_plan_requests_one_live_per_sale" ON "floor_plan_requests" USING btree ("transaction_id") WHERE "floor_plan_requests"."status" in ('requested', 'approved', 'funded');--> statement-breakpoint
CREATE UNIQUE INDEX "floor_plan_requests_lender_id_unique" ON "floor_plan_requests" USING btree ("lender_request_id");--> statement-breakpoint
CREATE INDEX "floor_plan_requests_status_idx" ON "floor_plan_requests" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_events_source_event_unique" ON "integration_events" USING btree ("source","event_id");--> statement-breakpoint
CREATE INDEX "integration_events_entity_idx" ON "integration_events" USING btree ("source","entity_id","occurred_at");--> statement-breakpoint
CREATE INDEX "integration_outbox_due_idx" ON "integration_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transport_orders_one_live_per_sale" ON "transport_orders" USING btree ("transaction_id") WHERE "transport_orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "transport_orders_carrier_guid_unique" ON "transport_orders" USING btree ("carrier_guid");--> statement-breakpoint
CREATE INDEX "transport_orders_status_idx" ON "transport_orders" USING btree ("status");