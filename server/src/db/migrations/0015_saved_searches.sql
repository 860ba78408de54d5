CREATE TABLE "saved_search_matches" (
	"search_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_matches_search_id_vehicle_id_pk" PRIMARY KEY("search_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"dealer_user_id" integer,
	"name" text NOT NULL,
	"q" text DEFAULT '' NOT NULL,
	"cert" text DEFAULT 'all' NOT NULL,
	"grade" numeric(2, 1),
	"sort" text DEFAULT 'newest' NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"alerts" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_cert_check" CHECK ("saved_searches"."cert" in ('all', 'premium', 'auction'))
);
--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_dealer_idx" ON "saved_searches" USING btree ("dealer_id","dealer_user_id");