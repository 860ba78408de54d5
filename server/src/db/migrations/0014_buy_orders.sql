CREATE TABLE "buy_order_matches" (
	"order_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"reason" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transaction_id" integer,
	CONSTRAINT "buy_order_matches_order_id_vehicle_id_pk" PRIMARY KEY("order_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "buy_order_targets" (
	"order_id" integer NOT NULL,
	"make" text NOT NULL,
	"model" text,
	"make_label" text NOT NULL,
	"model_label" text
);
--> statement-breakpoint
CREATE TABLE "buy_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"dealer_user_id" integer,
	"year_min" integer,
	"year_max" integer,
	"max_miles" integer,
	"max_price" numeric(10, 2),
	"min_grade" numeric(2, 1),
	"certification" text DEFAULT 'all' NOT NULL,
	"recon_note" text,
	"quantity" integer NOT NULL,
	"filled" integer DEFAULT 0 NOT NULL,
	"needed_by" date NOT NULL,
	"delivery_zip" varchar(5) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buy_orders_status_check" CHECK ("buy_orders"."status" in ('open', 'paused', 'filled', 'cancelled')),
	CONSTRAINT "buy_orders_certification_check" CHECK ("buy_orders"."certification" in ('all', 'premium', 'auction')),
	CONSTRAINT "buy_orders_quantity_check" CHECK ("buy_orders"."quantity" between 1 and 50 and "buy_orders"."filled" between 0 and "buy_orders"."quantity"),
	CONSTRAINT "buy_orders_ranges_check" CHECK (("buy_orders"."year_min" is null or "buy_orders"."year_max" is null or "buy_orders"."year_min" <= "buy_orders"."year_max") and ("buy_orders"."max_miles" is null or "buy_orders"."max_miles" > 0) and ("buy_orders"."max_price" is null or "buy_orders"."max_price" > 0))
);
--> statement-breakpoint
ALTER TABLE "buy_order_matches" ADD CONSTRAINT "buy_order_matches_order_id_buy_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."buy_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_order_matches" ADD CONSTRAINT "buy_order_matches_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_order_matches" ADD CONSTRAINT "buy_order_matches_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_order_targets" ADD CONSTRAINT "buy_order_targets_order_id_buy_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."buy_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_orders" ADD CONSTRAINT "buy_orders_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_orders" ADD CONSTRAINT "buy_orders_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buy_order_matches_vehicle_idx" ON "buy_order_matches" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "buy_order_targets_make_model_idx" ON "buy_order_targets" USING btree ("make","model","order_id");--> statement-breakpoint
CREATE INDEX "buy_orders_dealer_idx" ON "buy_orders" USING btree ("dealer_id","status");--> statement-breakpoint
CREATE INDEX "buy_orders_open_idx" ON "buy_orders" USING btree ("id") WHERE "buy_orders"."status" = 'open';