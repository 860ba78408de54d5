CREATE TABLE "watchlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"dealer_user_id" integer,
	"vehicle_id" integer NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"watching" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_entries_person_vehicle_key" UNIQUE NULLS NOT DISTINCT("dealer_id","dealer_user_id","vehicle_id")
);
--> statement-breakpoint
ALTER TABLE "buy_order_matches" ADD COLUMN "first_look_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "first_look_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_entries_watching_idx" ON "watchlist_entries" USING btree ("vehicle_id") WHERE "watchlist_entries"."watching";--> statement-breakpoint
CREATE INDEX "vehicles_first_look_idx" ON "vehicles" USING btree ("first_look_until") WHERE "vehicles"."first_look_until" is not null;